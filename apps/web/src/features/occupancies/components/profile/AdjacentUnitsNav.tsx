import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { RouterLink } from "../../../../components/RouterLink.tsx";
import { useAdjacentUnits } from "../../profile-api.ts";

/** Previous / next occupied unit (in unit order) of the building. */
export function AdjacentUnitsNav({ occupancyId, buildingId }: { occupancyId: number; buildingId: number }) {
  const adjacent = useAdjacentUnits(occupancyId);
  const prev = adjacent.data?.previous ?? null;
  const next = adjacent.data?.next ?? null;
  const to = (id: number) => `/${buildingId}/manage/unit-profiles/${id}`;
  const sides = [
    { unit: prev, word: "Previous", icon: { startIcon: <ChevronLeftIcon /> } },
    { unit: next, word: "Next", icon: { endIcon: <ChevronRightIcon /> } },
  ];
  return (
    <Box component="nav" aria-label="Adjacent units" sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
      {sides.map(({ unit, word, icon }) =>
        unit ? (
          <Button key={word} component={RouterLink} to={to(unit.occupancy_id)} {...icon} size="small">
            {word} unit {unit.apartment_number}
          </Button>
        ) : (
          <Button key={word} size="small" {...icon} disabled>
            {adjacent.isPending ? `${word} unit` : `No ${word.toLowerCase()} unit`}
          </Button>
        ),
      )}
    </Box>
  );
}
