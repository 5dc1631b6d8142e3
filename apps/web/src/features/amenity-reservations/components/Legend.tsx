import Box from "@mui/material/Box";
import { LEGEND } from "../model.ts";

/** The colours' legend: Resident and Admin (the list), plus Unavailable and Closed (the calendar). */
export function Legend({ withClosed = false }: { withClosed?: boolean }) {
  const items = withClosed ? LEGEND : LEGEND.filter((l) => l.key === "TR" || l.key === "ER");
  return (
    <Box component="ul" aria-label="Legend" sx={{ display: "flex", flexWrap: "wrap", gap: 2, listStyle: "none", p: 0, m: 0, mb: 1 }}>
      {items.map((l) => (
        <Box component="li" key={l.key} sx={{ display: "flex", alignItems: "center", gap: 0.75, fontSize: 14 }}>
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: l.colour }} />
          {l.label}
        </Box>
      ))}
    </Box>
  );
}
