import Box from "@mui/material/Box";
import type { InstructionTypeSummary } from "@portico/contract";
import { readableText } from "../model.ts";

/** An instruction type in its colours: its short name, its full name as the tooltip. */
export function InstructionTypeChip({
  type,
  withName,
}: {
  type: Pick<InstructionTypeSummary, "name" | "short_name" | "color_hex" | "font_color_hex">;
  withName?: boolean;
}) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
      <Box
        component="span"
        title={type.name}
        aria-label={withName ? undefined : type.name}
        role={withName ? undefined : "img"}
        data-testid="instruction-type-chip"
        sx={{
          display: "inline-block",
          px: 0.75,
          borderRadius: 1,
          bgcolor: type.color_hex,
          color: readableText(type.color_hex, type.font_color_hex),
          fontWeight: 700,
          fontSize: "0.78rem",
          lineHeight: 1.7,
          whiteSpace: "nowrap",
          border: "1px solid rgba(0,0,0,0.25)",
          printColorAdjust: "exact",
          WebkitPrintColorAdjust: "exact",
        }}
      >
        {type.short_name || type.name}
      </Box>
      {withName && <span>{type.name}</span>}
    </Box>
  );
}
