import type { ReactNode } from "react";
import Typography from "@mui/material/Typography";

/** One labelled fact of a detail page's description list (`<dl>`): the label, then its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ color: "text.secondary", fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
        {children}
      </Typography>
    </>
  );
}
