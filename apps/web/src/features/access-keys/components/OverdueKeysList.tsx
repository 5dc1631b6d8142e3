import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { type AccessKey, KEY_STATUS_COLORS, KEY_STATUS_DISPLAY, MESSAGES } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { keyPaths, locationLabel } from "../model.ts";

/** Keys out or missing past the building's limit, longest away first: name, unit, holder, since when. */
export function OverdueKeysList({
  query,
  building,
  timeZone,
  label,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: { results: AccessKey[] } };
  building: number;
  timeZone?: string;
  label: string;
}) {
  return (
    <LoadedList
      query={query}
      items={query.data?.results}
      loadingLabel="Loading overdue keys"
      empty={MESSAGES.noResults}
    >
      {(keys) => (
        <List dense aria-label={label} disablePadding>
          {keys.map((k) => (
            <ListItem key={k.id} divider disableGutters data-testid="overdue-key">
              <ListItemText
                primary={
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <Link component={RouterLink} to={keyPaths.detail(building, k.id)}>
                      Key {k.name}
                    </Link>
                    <span>Apt {k.apartment_number}</span>
                    <Chip
                      size="small"
                      label={KEY_STATUS_DISPLAY[k.status]}
                      sx={{ bgcolor: KEY_STATUS_COLORS[k.status].background, color: KEY_STATUS_COLORS[k.status].text }}
                    />
                  </Box>
                }
                secondary={[
                  k.latest_open_journey?.readable_key_out_to_name &&
                    `Out to ${k.latest_open_journey.readable_key_out_to_name}`,
                  k.away_since && `since ${formatZonedDateTime(k.away_since, timeZone)}`,
                  locationLabel(k) && `belongs in ${locationLabel(k)}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
        </List>
      )}
    </LoadedList>
  );
}
