import GlobalStyles from "@mui/material/GlobalStyles";

/**
 * Print-friendly pages: on paper only the page's own content shows (the shell's top bar,
 * sidebar, skip link, banners and the page's buttons are hidden) and nothing scrolls.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        "@media print": {
          "@page": { margin: "12mm" },
          "body, #root": { background: "#fff !important" },
          ".MuiAppBar-root, .MuiDrawer-root, .print-hide, .notistack-SnackbarContainer, a[href='#main']": {
            display: "none !important",
          },
          "*:has(#main)": {
            display: "block !important",
            height: "auto !important",
            overflow: "visible !important",
          },
          "#main": { overflow: "visible !important", padding: "0 !important" },
          ".MuiPaper-root": { boxShadow: "none !important" },
          "table": { pageBreakInside: "auto" },
          "tr": { pageBreakInside: "avoid" },
          "h2, h3": { pageBreakAfter: "avoid" },
        },
      }}
    />
  );
}
