import { type ReactNode, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import GlobalStyles from "@mui/material/GlobalStyles";
import HistoryIcon from "@mui/icons-material/History";
import PrintIcon from "@mui/icons-material/Print";
import ShieldIcon from "@mui/icons-material/Shield";
import { INSTRUCTION_MESSAGES, INSTRUCTION_QUERY_LIMIT, INSTRUCTION_REFETCH } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { useExpiredInstructions, useSecurityInstructions } from "../api.ts";
import { ActiveNameSearch } from "./ActiveNameSearch.tsx";
import { InstructionCardGrid } from "./InstructionCardGrid.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";

type Open = "expired" | "security" | null;

/**
 * The dashboard's right side (document 1 section 2.3): the active name search, and the buttons
 * 'Recently expired instructions' and 'Active security / do not allow list', each opening its
 * drawer.
 */
export function InstructionListsWidget() {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <ActiveNameSearch />
      <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setOpen("expired")}>
        {INSTRUCTION_MESSAGES.recentlyExpired}
      </Button>
      <Button variant="outlined" color="error" startIcon={<ShieldIcon />} onClick={() => setOpen("security")}>
        {INSTRUCTION_MESSAGES.securityList}
      </Button>
      {open === "expired" && <RecentlyExpiredDrawer onClose={close} />}
      {open === "security" && <SecurityListDrawer onClose={close} />}
    </Box>
  );
}

/** A drawer of instruction cards, one column, to read (and print). */
function CardsDrawer({
  title,
  query,
  loadingLabel,
  empty,
  onClose,
  actions,
}: {
  title: string;
  query: ReturnType<typeof useSecurityInstructions>;
  loadingLabel: string;
  empty: string;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { id: building, building: info } = useBuilding();
  return (
    <SideDrawer open onClose={onClose} title={title} actions={actions}>
      <LoadedList query={query} items={query.data?.results} loadingLabel={loadingLabel} empty={empty}>
        {(rows) => (
          <InstructionCardGrid
            instructions={rows}
            building={building}
            timeZone={info?.time_zone}
            label={title}
            columns={1}
            actions="none"
          />
        )}
      </LoadedList>
    </SideDrawer>
  );
}

/** Instructions that ended in the past 30 days (refreshed every 20 minutes while open). */
function RecentlyExpiredDrawer({ onClose }: { onClose: () => void }) {
  const { id: building } = useBuilding();
  const expired = useExpiredInstructions(
    { building, limit: INSTRUCTION_QUERY_LIMIT },
    { refetchEvery: INSTRUCTION_REFETCH.recentlyExpired },
  );
  return (
    <CardsDrawer
      title={INSTRUCTION_MESSAGES.recentlyExpired}
      query={expired}
      loadingLabel="Loading expired instructions"
      empty="No instructions expired in the past 30 days"
      onClose={onClose}
    />
  );
}

/** On paper, only the open drawer shows. */
const printDrawerOnly = (
  <GlobalStyles
    styles={{
      "@media print": {
        "#root, .MuiBackdrop-root, .print-hide, .notistack-SnackbarContainer": { display: "none !important" },
        ".MuiDrawer-root, .MuiDrawer-paper": {
          position: "static !important" as "static",
          width: "auto !important",
          height: "auto !important",
          overflow: "visible !important",
          boxShadow: "none !important",
          transform: "none !important",
        },
        li: { breakInside: "avoid" },
      },
    }}
  />
);

/** Active instructions of the security / do-not-allow types, printable. */
function SecurityListDrawer({ onClose }: { onClose: () => void }) {
  const { id: building } = useBuilding();
  const security = useSecurityInstructions(building);
  return (
    <>
      {printDrawerOnly}
      <CardsDrawer
        title={INSTRUCTION_MESSAGES.securityList}
        query={security}
        loadingLabel="Loading the security list"
        empty="No one is on the security / do not allow list"
        onClose={onClose}
        actions={
          <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!security.data}>
            Print
          </Button>
        }
      />
    </>
  );
}
