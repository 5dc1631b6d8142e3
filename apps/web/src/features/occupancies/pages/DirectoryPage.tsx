import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import GlobalStyles from "@mui/material/GlobalStyles";
import Typography from "@mui/material/Typography";
import PrintIcon from "@mui/icons-material/Print";
import { MESSAGES } from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { buildingLabel, useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useBuildingOccupants } from "../api.ts";
import { DirectoryCard } from "../components/list/DirectoryCard.tsx";
import { directoryPath, unitListPath } from "../components/list/unitLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => directoryPath(building),
};

/** Document 1 section 9: 3 cards per row, 6 rows per printed page. */
export const DIRECTORY_CARDS_PER_ROW = 3;
export const DIRECTORY_ROWS_PER_PAGE = 6;
const PER_PAGE = DIRECTORY_CARDS_PER_ROW * DIRECTORY_ROWS_PER_PAGE;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Printing shows only the directory: the shell (top bar, sidebar, skip link) and the page's
 * buttons are hidden, the scrolling frame unrolls, and each page of 18 cards gets its own sheet.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      "@media print": {
        "@page": { size: "letter portrait", margin: "0.45in" },
        "html, body, #root": { height: "auto !important", overflow: "visible !important", background: "#fff" },
        "header, nav, .MuiDrawer-root, a[href='#main'], [data-print-hide]": { display: "none !important" },
        "*:has(#main)": {
          display: "block !important",
          height: "auto !important",
          minHeight: "0 !important",
          overflow: "visible !important",
        },
        "#main": { display: "block !important", overflow: "visible !important", padding: "0 !important" },
        ".directory-page": {
          display: "grid !important",
          gridTemplateColumns: `repeat(${DIRECTORY_CARDS_PER_ROW}, minmax(0, 1fr)) !important`,
          gridTemplateRows: `auto repeat(${DIRECTORY_ROWS_PER_PAGE}, 1.5in)`,
          gap: "0.1in !important",
          margin: "0 !important",
          breakAfter: "page",
          pageBreakAfter: "always",
        },
        ".directory-page:last-of-type": { breakAfter: "auto", pageBreakAfter: "auto" },
        ".directory-page-title": { display: "block !important", gridColumn: "1 / -1" },
        ".directory-card": { fontSize: "10pt", padding: "0.08in !important", overflow: "hidden" },
        ".directory-card h2": { fontSize: "11pt !important" },
        ".directory-card p": { fontSize: "9.5pt !important", lineHeight: "1.25 !important" },
        ".directory-photo": { width: "0.8in !important", height: "1in !important" },
      },
    }}
  />
);

/** /{building}/manage/unit-profiles/directory: resident cards to print. */
export function Component() {
  const { id: building, building: info } = useBuilding();
  usePageTitle("Resident directory");
  const occupants = useBuildingOccupants(building);
  const people = occupants.data ?? [];
  const pages = chunk(people, PER_PAGE);
  const name = buildingLabel(info);

  return (
    <Box>
      {printStyles}
      <Box
        component="header"
        data-print-hide
        sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 3 }}
      >
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h1">Resident directory</Typography>
          <Typography sx={{ color: "text.secondary" }}>
            {name}
            {occupants.data ? ` · ${people.length === 1 ? "1 resident" : `${people.length} residents`}` : ""}
          </Typography>
        </Box>
        <Button component={RouterLink} to={unitListPath(building)}>
          Back to unit profiles
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={people.length === 0}
        >
          Print
        </Button>
      </Box>
      {occupants.isPending && <SectionProgress />}
      {occupants.isError && <Alert severity="error">{MESSAGES.failedList(errorMessage(occupants.error))}</Alert>}
      {occupants.data && people.length === 0 && <EmptyState>No residents</EmptyState>}
      {pages.map((page, i) => (
        <Box
          component="section"
          key={i}
          className="directory-page"
          aria-label={`Directory page ${i + 1} of ${pages.length}`}
          sx={{
            display: "grid",
            gridTemplateColumns: {
              xs: "minmax(0, 1fr)",
              sm: "repeat(2, minmax(0, 1fr))",
              md: `repeat(${DIRECTORY_CARDS_PER_ROW}, minmax(0, 1fr))`,
            },
            gap: 1.5,
            mb: 3,
          }}
        >
          <Typography
            className="directory-page-title"
            sx={{ display: "none", gridColumn: "1 / -1", fontSize: "10pt", color: "text.secondary" }}
          >
            {name} · Resident directory · Page {i + 1} of {pages.length}
          </Typography>
          {page.map((o) => (
            <DirectoryCard key={o.id} occupant={o} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
