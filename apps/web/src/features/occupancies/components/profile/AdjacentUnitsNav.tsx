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
  return (
    <Box component="nav" aria-label="Adjacent units" sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
      {prev ? (
        <Button component={RouterLink} to={to(prev.occupancy_id)} startIcon={<ChevronLeftIcon />} size="small">
          Previous unit {prev.apartment_number}
        </Button>
      ) : (
        <Button size="small" startIcon={<ChevronLeftIcon />} disabled>
          {adjacent.isPending ? "Previous unit" : "No previous unit"}
        </Button>
      )}
      {next ? (
        <Button component={RouterLink} to={to(next.occupancy_id)} endIcon={<ChevronRightIcon />} size="small">
          Next unit {next.apartment_number}
        </Button>
      ) : (
        <Button size="small" endIcon={<ChevronRightIcon />} disabled>
          {adjacent.isPending ? "Next unit" : "No next unit"}
        </Button>
      )}
    </Box>
  );
}
