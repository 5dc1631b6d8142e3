import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import {
  type AccessKey,
  isKeyOverdue,
  KEY_STATUS_COLORS,
  KEY_STATUS_DISPLAY,
  overdueChipLabel,
} from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { keyPaths, locationLabel } from "../model.ts";

/** A key on the grid: its colour by status (IN light green, OUT grey, MISSING red), name, unit, location, chip. */
export function KeyCard({
  accessKey: k,
  building,
  overdueHours,
}: {
  accessKey: AccessKey;
  building: number;
  overdueHours: number;
}) {
  const colors = KEY_STATUS_COLORS[k.status];
  const overdue = isKeyOverdue(k, Date.now(), overdueHours);
  return (
    <Card
      data-testid="key-card"
      data-status={k.status}
      variant="outlined"
      sx={{ bgcolor: colors.background, color: colors.text, borderColor: "divider" }}
    >
      <CardActionArea component={RouterLink} to={keyPaths.detail(building, k.id)} aria-label={`Key ${k.name}`}>
        <Box sx={{ p: 1.5, display: "grid", gap: 0.5, overflowWrap: "anywhere" }}>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1 }}>
            <Typography sx={{ fontWeight: 700, flex: "1 1 auto", minWidth: 0, overflowWrap: "anywhere" }}>
              {k.name}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
              {KEY_STATUS_DISPLAY[k.status]}
            </Typography>
          </Box>
          <Typography variant="body2">Apt {k.apartment_number}</Typography>
          <Typography variant="body2">{locationLabel(k) || "No location"}</Typography>
          {overdue && (
            <Chip
              size="small"
              color="warning"
              icon={<WarningAmberIcon />}
              label={overdueChipLabel(overdueHours)}
              sx={{ justifySelf: "start" }}
            />
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}
