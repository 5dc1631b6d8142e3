import { useNavigate, useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { defaultRecurringApartment } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import {
  useMaintenanceAssignees,
  useMaintenanceRequestTypes,
  useRecurringIntervals,
  useRecurringRequest,
} from "../api.ts";
import { maintenancePaths } from "../model.ts";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";
import { RecurringForm, recurringValuesOf } from "../components/RecurringForm.tsx";

export const Component = maintenanceScreen(Page);

/**
 * /{building}/maintenance/recurring-requests/create and /{id}/edit: a recurring request's form
 * (a new one starts on the unit whose number contains 'Mgmt').
 */
function Page() {
  const { id: building } = useBuilding();
  const navigate = useNavigate();
  const raw = useParams().recurringRequestId;
  const editing = raw !== undefined;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const title = editing ? "Edit recurring request" : "New recurring request";
  usePageTitle(title);
  const recurring = useRecurringRequest(id, building);
  const types = useMaintenanceRequestTypes();
  const employees = useMaintenanceAssignees(building);
  const intervals = useRecurringIntervals();
  const units = useApartmentsDropdown(building);
  const listPath = maintenancePaths.recurringList(building);
  const header = (
    <PageHeader title={title} back={{ to: listPath, label: "Recurring maintenance requests" }} />
  );

  if (editing && (id === null || recurring.isError))
    return (
      <Box>
        {header}
        <Alert severity="error">
          {id === null || recurring.error?.name === "NotFoundError"
            ? "This recurring request was not found."
            : errorMessage(recurring.error)}
        </Alert>
      </Box>
    );
  const failed = [types, employees, units].find((q) => q.isError);
  if (failed)
    return (
      <Box>
        {header}
        <Alert severity="error">{errorMessage(failed.error)}</Alert>
      </Box>
    );
  if ((editing && recurring.isPending) || types.isPending || employees.isPending || units.isPending)
    return (
      <Box>
        {header}
        <SectionProgress label="Loading the recurring request" />
      </Box>
    );
  const current = editing ? (recurring.data ?? null) : null;
  const initial = recurringValuesOf(current, defaultRecurringApartment(units.data ?? [])?.id ?? null);
  return (
    <Box>
      {header}
      <RecurringForm
        key={current?.id ?? "new"}
        building={building}
        recurring={current}
        initial={initial}
        types={types.data ?? []}
        employees={employees.data ?? []}
        intervals={intervals.data}
        listPath={listPath}
        onSaved={() => navigate(listPath)}
      />
    </Box>
  );
}
