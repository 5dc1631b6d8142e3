import Box from "@mui/material/Box";
import Link from "@mui/material/Link";

/**
 * A list's photo cell: a small thumbnail opening the full photo in a new tab; nothing without
 * one. `label` names it ('Photo of the lockout of 1203 on 05/01/2026').
 */
export function PhotoThumb({
  src,
  label,
  size = 40,
}: {
  src: string | null | undefined;
  label: string;
  size?: number;
}) {
  if (!src) return null;
  return (
    <Link href={src} target="_blank" rel="noopener" aria-label={label} sx={{ display: "inline-flex" }}>
      <Box
        component="img"
        src={src}
        alt=""
        loading="lazy"
        sx={{ width: size, height: size, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
      />
    </Link>
  );
}
