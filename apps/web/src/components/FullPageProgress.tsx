import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

export function FullPageProgress({ label = "Loading" }: { label?: string }) {
  return (
    <Box
      component="main"
      id="main"
      sx={{ minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center" }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function SectionProgress({ label = "Loading" }: { label?: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
