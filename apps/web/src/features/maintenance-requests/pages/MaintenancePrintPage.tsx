import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import PrintIcon from "@mui/icons-material/Print";
import { MAINTENANCE_MESSAGES, MAINTENANCE_PRINT_LIMIT, MESSAGES } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintStyles } from "../../../components/PrintStyles.tsx";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";
import { buildingLabel, useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useMaintenanceRequests } from "../api.ts";
import { PrintTable } from "../components/PrintTable.tsx";
import { filtersOf, maintenanceFilterErrors, maintenancePaths, printQuery, printSearch } from "../model.ts";

/**
 * /{building}/maintenance/requests/print?{the list's filters} (document 2 sections 2, 5, 9): the
 * list's requests on paper, up to 1000 with a warning beyond, and a button that opens the
 * browser's print dialog.
 */
export const Component = maintenanceScreen(Page);

function Page() {
  usePageTitle("Print maintenance requests");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const [params] = useSearchParams();
  const valid = Object.keys(maintenanceFilterErrors(filtersOf(params))).length === 0;
  const list = useMaintenanceRequests(building, printQuery(params, MAINTENANCE_PRINT_LIMIT), {
    enabled: valid,
    refetch: false,
  });
  const count = list.data?.count ?? 0;
  const shown = list.data?.results.length ?? 0;

  return (
    <Box>
      <PrintStyles />
      <PageHeader
        title={`Maintenance requests – ${buildingLabel(info)}`}
        subtitle={
          list.data
            ? `${shown === count ? count : `${shown} of ${count}`} request${count === 1 ? "" : "s"} as of ${formatZonedDateTime(list.dataUpdatedAt || Date.now(), tz)}`
            : undefined
        }
        back={{ to: maintenancePaths.list(building, printSearch(params)), label: "Maintenance requests" }}
        actions={
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!shown}>
            Print
          </Button>
        }
      />
      {count > MAINTENANCE_PRINT_LIMIT && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MAINTENANCE_MESSAGES.printLimitWarning}
        </Alert>
      )}
      {valid ? (
        <LoadedList
          query={list}
          items={list.data?.results}
          loadingLabel="Loading maintenance requests"
          empty={MESSAGES.noMatchingResults}
        >
          {(rows) => <PrintTable rows={rows} timeZone={tz} />}
        </LoadedList>
      ) : (
        <Alert severity="error">{MESSAGES.fixDatesToSearch}</Alert>
      )}
    </Box>
  );
}
