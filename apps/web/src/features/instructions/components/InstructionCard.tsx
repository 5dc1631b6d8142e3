import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ClampedText } from "../../../components/ClampedText.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatZonedDate } from "../../../lib/zonedDates.ts";
import type { Instruction } from "@portico/contract";
import { factsOf } from "../model.ts";
import { InstructionTypeChip } from "./InstructionTypeChip.tsx";
import { DoNotDisturbTag, InstructionTags } from "./Tags.tsx";

export interface InstructionCardProps {
  instruction: Instruction;
  timeZone?: string | null;
  /** The unit's number links to the unit profile. */
  profileTo?: string;
  /** Opens the instruction (a drawer or its page): the guest name becomes a button or a link. */
  onOpen?: () => void;
  to?: string;
  /** Buttons at the bottom (Arrived, Expire, Edit…). */
  actions?: ReactNode;
  /** Hide the photo (narrow lists). */
  hidePhoto?: boolean;
  component?: "li" | "article" | "div";
  now?: number;
}

/** 'MM/DD/YYYY – MM/DD/YYYY', 'From MM/DD/YYYY, no expiration'. */
export function datesText(i: Pick<Instruction, "start_date" | "expiration_date">): string {
  const start = i.start_date ? formatZonedDate(i.start_date) : "";
  if (!i.expiration_date) return start ? `From ${start}, no expiration` : "No expiration";
  const end = formatZonedDate(i.expiration_date);
  return start ? `${start} – ${end}` : `Until ${end}`;
}

/**
 * One instruction (document 2 sections 2 and 4): the type in its colours, the unit, the guest
 * name, the text, the photo, the dates and its tags (Long term, 'Expires tonight at midnight',
 * New for a fresh food delivery, the status once it is no longer active), and a mark when the
 * unit asked not to be disturbed. The grid, the dashboard, the drawers and the profile show it.
 */
export function InstructionCard({
  instruction: i,
  timeZone,
  profileTo,
  onOpen,
  to,
  actions,
  hidePhoto,
  component = "article",
  now,
}: InstructionCardProps) {
  const f = factsOf(i, timeZone, now);
  const title = i.name || i.instruction_type.name;
  const heading = to ? (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 700 }}>
      {title}
    </Link>
  ) : onOpen ? (
    <Link component="button" type="button" onClick={onOpen} sx={{ fontWeight: 700, textAlign: "left" }}>
      {title}
    </Link>
  ) : (
    <Typography component="span" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
  );
  return (
    <Paper
      component={component}
      variant="outlined"
      aria-label={`${i.instruction_type.name}, unit ${i.apartment_number}${i.name ? `, ${i.name}` : ""}`}
      data-testid="instruction-card"
      sx={{
        p: 1.5,
        listStyle: "none",
        display: "flex",
        flexDirection: "column",
        gap: 0.75,
        height: "100%",
        borderLeftWidth: 4,
        borderLeftColor: i.instruction_type.color_hex || "divider",
        bgcolor: f.active ? "background.paper" : "grey.50",
      }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.75 }}>
        <InstructionTypeChip type={i.instruction_type} />
        {profileTo ? (
          <Link
            component={RouterLink}
            to={profileTo}
            sx={{ fontWeight: 700 }}
            aria-label={`Unit ${i.apartment_number}`}
          >
            {i.apartment_number}
          </Link>
        ) : (
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {i.apartment_number}
          </Typography>
        )}
        {i.occupancy_is_do_not_disturb && <DoNotDisturbTag />}
      </Box>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
        {!hidePhoto && i.photo_url && (
          <Box
            component="img"
            src={i.photo_url}
            alt={`Photo of ${title}`}
            sx={{ width: 64, height: 80, objectFit: "cover", borderRadius: 1, flex: "none" }}
          />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {heading}
          {i.instruction_text && (
            <ClampedText lines={3} sx={{ overflowWrap: "anywhere" }}>
              {i.instruction_text}
            </ClampedText>
          )}
        </Box>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.75, mt: "auto" }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {datesText(i)}
        </Typography>
        <InstructionTags facts={f} />
      </Box>
      {actions && <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>{actions}</Box>}
    </Paper>
  );
}
