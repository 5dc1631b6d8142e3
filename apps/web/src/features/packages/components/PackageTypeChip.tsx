import Box from "@mui/material/Box";
import type { PackageTypeSummary } from "@portico/contract";

export interface PackageTypeChipProps {
  type: Pick<PackageTypeSummary, "name" | "abbreviation" | "color_hex" | "font_color_hex">;
  /** A count shown after the abbreviation ("SB 2"). */
  count?: number;
  /** Show the type's name next to the abbreviation. */
  withName?: boolean;
  size?: "small" | "medium";
}

/** A package type in its colours: its abbreviation (and count or name). */
export function PackageTypeChip({ type, count, withName, size = "small" }: PackageTypeChipProps) {
  const label = `${type.abbreviation}${count !== undefined ? ` ${count}` : ""}`;
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, whiteSpace: "nowrap" }}>
      <Box
        component="span"
        title={type.name}
        aria-label={withName ? undefined : `${type.name}${count !== undefined ? `: ${count}` : ""}`}
        role={withName ? undefined : "img"}
        sx={{
          display: "inline-block",
          minWidth: size === "small" ? 34 : 44,
          px: 0.75,
          py: size === "small" ? 0.1 : 0.4,
          borderRadius: 1,
          bgcolor: type.color_hex,
          color: type.font_color_hex,
          fontWeight: 700,
          fontSize: size === "small" ? "0.78rem" : "0.9rem",
          lineHeight: 1.6,
          textAlign: "center",
          border: "1px solid rgba(0,0,0,0.25)",
          printColorAdjust: "exact",
          WebkitPrintColorAdjust: "exact",
        }}
      >
        {label}
      </Box>
      {withName && <span>{type.name}</span>}
    </Box>
  );
}
