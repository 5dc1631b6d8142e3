import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import InventoryIcon from "@mui/icons-material/Inventory";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { KEY_DEFAULT_OVERDUE_HOURS, KEY_QUERY_LIMIT, MESSAGES } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useKeys } from "../api.ts";
import { KeyCard } from "../components/KeyCard.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { groupKeys, type KeyGridSort, keyPaths } from "../model.ts";
import { KeysEnabled } from "../components/KeysEnabled.tsx";

/**
 * /{building}/keys/grid (document 3 section 2): the building's active keys as cards, by key name
 * or grouped by location (`?sort=location`, in the URL), coloured by status, with the overdue chip.
 */
export function Component() {
  return (
    <KeysEnabled>
      <Grid />
    </KeysEnabled>
  );
}

function Grid() {
  const can = useCan();
  usePageTitle("Keys");
  const { id: building, settings } = useBuilding();
  const [params, setParams] = useSearchParams();
  const sort: KeyGridSort = params.get("sort") === "location" ? "location" : "name";
  const overdueHours = settings?.accesskeyssettings.overdue_hours ?? KEY_DEFAULT_OVERDUE_HOURS;
  const keys = useKeys({ building, is_active: true, limit: KEY_QUERY_LIMIT, ordering: "name" });

  return (
    <Box>
      <PageHeader title="Keys">
        {can("key_locations.manage") && (
          <Button
            component={RouterLink}
            to={keyPaths.locations(building)}
            variant="outlined"
            startIcon={<InventoryIcon />}
          >
            Key boxes
          </Button>
        )}
        <Button
          component={RouterLink}
          to={keyPaths.overdue(building)}
          variant="outlined"
          startIcon={<WarningAmberIcon />}
        >
          Overdue keys
        </Button>
        <Button
          component={RouterLink}
          to={keyPaths.batchOut(building)}
          variant="contained"
          startIcon={<PlaylistAddIcon />}
        >
          Multi-OUT
        </Button>
      </PageHeader>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={sort}
        aria-label="Sort keys by"
        onChange={(_, v: KeyGridSort | null) => {
          if (v) setParams(v === "name" ? {} : { sort: v }, { replace: true });
        }}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="name">Key name</ToggleButton>
        <ToggleButton value="location">Location</ToggleButton>
      </ToggleButtonGroup>
      <LoadedList query={keys} items={keys.data?.results} loadingLabel="Loading keys" empty={MESSAGES.noResults}>
        {(list) =>
          groupKeys(list, sort).map((g) => (
            <Box component="section" key={g.label ?? "all"} aria-label={g.label ?? "Keys"} sx={{ mb: 2 }}>
              {g.label && (
                <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
                  {g.label}
                </Typography>
              )}
              <Box
                sx={{
                  display: "grid",
                  gap: 1.5,
                  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
                }}
              >
                {g.keys.map((k) => (
                  <KeyCard key={k.id} accessKey={k} building={building} overdueHours={overdueHours} />
                ))}
              </Box>
            </Box>
          ))
        }
      </LoadedList>
    </Box>
  );
}
