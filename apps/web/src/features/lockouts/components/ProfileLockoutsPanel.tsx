import { useId } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { PhotoThumb } from "../../../components/PhotoThumb.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useUnitLockouts } from "../api.ts";
import { lockoutPaths, personName, requesterOf } from "../model.ts";

/**
 * The unit profile's Lockouts panel (document 1 section 2.4, document 2 section 9): the unit's
 * 4 latest lockouts (GET /core/occupancies/{id}/lockouts/?limit=4), a link to record one for
 * the unit and one to the building's list.
 */
export function ProfileLockoutsPanel({ buildingId, occupancyId }: { buildingId: number; occupancyId: number }) {
  const headingId = useId();
  const tz = useOptionalBuilding()?.building?.time_zone;
  const query = useUnitLockouts(occupancyId);
  const rows = query.data?.results ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1 }}>
          Lockouts
        </Typography>
        <Button
          size="small"
          component={RouterLink}
          to={lockoutPaths.create(buildingId, occupancyId)}
          startIcon={<AddIcon />}
        >
          Create new lockout
        </Button>
        <Button size="small" component={RouterLink} to={lockoutPaths.list(buildingId)} startIcon={<ListAltIcon />}>
          All lockouts
        </Button>
      </Box>
      {query.isPending ? (
        <SectionProgress label="Loading lockouts" />
      ) : query.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(query.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No lockouts</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Latest lockouts"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
        >
          {rows.map((l) => (
            <Box component="li" key={l.id} sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
              <PhotoThumb
                src={l.photo_url}
                label={`Photo of the lockout on ${formatZonedDateTime(l.date_created, tz)}`}
              />
              <Box sx={{ flex: 1 }}>
                <Typography>{formatZonedDateTime(l.date_created, tz)}</Typography>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {l.instruction_id ? (
                    <>
                      {"Guest: "}
                      <Link component={RouterLink} to={lockoutPaths.instruction(buildingId, l.instruction_id)}>
                        {requesterOf(l) || "Registered guest"}
                      </Link>
                    </>
                  ) : (
                    `Resident: ${requesterOf(l)}`
                  )}
                  {l.entered_by ? ` · entered by ${personName(l.entered_by)}` : ""}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
