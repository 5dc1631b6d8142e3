import { useNavigate, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useMaintenanceRequestTypes } from "../api.ts";
import { maintenancePaths } from "../model.ts";
import { emptyRequestValues, RequestForm } from "../components/RequestForm.tsx";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";

const TITLE = "New maintenance request";
const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * /{building}/maintenance/requests/create?apartment_id&occupancy_id: a new request, for the unit
 * given (from its unit profile) or one chosen on the form; saved → the request's page.
 */
export const Component = maintenanceScreen(CreatePage);

function CreatePage() {
  usePageTitle(TITLE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { id: building } = useBuilding();
  const types = useMaintenanceRequestTypes();
  const apartmentParam = idOf(params.get("apartment_id"));
  const occupancyId = idOf(params.get("occupancy_id"));
  // Only a unit profile given: its unit comes from the building's units.
  const dropdown = useApartmentsDropdown(building, apartmentParam === null && occupancyId !== null);
  const back = occupancyId
    ? { to: maintenancePaths.profile(building, occupancyId), label: "Unit profile" }
    : { to: maintenancePaths.list(building), label: "Maintenance requests" };

  let body;
  if (types.isError) body = <Alert severity="error">{errorMessage(types.error)}</Alert>;
  else if (types.isPending || (apartmentParam === null && occupancyId !== null && dropdown.isPending))
    body = <SectionProgress label="Loading the form" />;
  else {
    const apartmentId =
      apartmentParam ?? dropdown.data?.find((a) => a.current_occupancy_id === occupancyId)?.id ?? null;
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <RequestForm
          building={building}
          types={types.data.filter((t) => t.is_active)}
          initial={emptyRequestValues(apartmentId)}
          occupancyId={occupancyId}
          onSaved={(saved) => void navigate(maintenancePaths.detail(building, saved.id))}
          onCancel={() => void navigate(back.to)}
        />
      </Paper>
    );
  }
  return (
    <Box sx={{ maxWidth: 820 }}>
      <PageHeader title={TITLE} back={back} />
      {body}
    </Box>
  );
}
