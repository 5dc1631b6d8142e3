import { useEffect, useId, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import EditIcon from "@mui/icons-material/Edit";
import PrintIcon from "@mui/icons-material/Print";
import UpdateIcon from "@mui/icons-material/Update";
import { isClosedStatus, MAINTENANCE_EVENT_DISPLAY, type MaintenanceRequest } from "@portico/contract";
import { EventList, changeNoteParser } from "../../../components/EventList.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintStyles } from "../../../components/PrintStyles.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useMaintenanceRequest, useMaintenanceRequestEvents, useMaintenanceRequestTypes } from "../api.ts";
import { maintenancePaths, personName, statusLabel } from "../model.ts";
import { RequestComments } from "../components/RequestComments.tsx";
import { RequestForm, requestValuesOf } from "../components/RequestForm.tsx";
import { RequestPhotos } from "../components/RequestPhotos.tsx";
import { SignatureBlock } from "../components/SignatureBlock.tsx";
import { UpdateStatusDialog } from "../components/UpdateStatusDialog.tsx";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";
import { Fact } from "../../../components/Fact.tsx";

const parseChanges = changeNoteParser({
  maintenance_request_type: "Request type",
  employee: "Assigned to",
  is_high_priority: "High priority",
  is_permission_to_enter: "Permission to enter",
  permission_to_enter_comments: "Entry instructions",
  additional_emails: "Additional e-mails",
  additional_phone_numbers: "Additional phone numbers",
});

/**
 * /{building}/maintenance/requests/{id} (and …/{id}/edit, which opens the edit form): the request
 * with its unit and residents, contacts, who entered it, assignee, type, description, priority,
 * permission to enter, status with 'Update status', the signature (with has_signatures), its
 * recurring request, comments, photos and history. Print mode (?print=1 or the browser's print)
 * leaves out the buttons and forms and shows a line to sign on. Another building's or an
 * unknown request: the not-found page.
 */
export const Component = maintenanceScreen(function DetailRoute() {
  const { maintenanceRequestId = "" } = useParams();
  const id = /^\d+$/.test(maintenanceRequestId) ? Number(maintenanceRequestId) : 0;
  return id ? <DetailPage id={id} /> : <NotFound />;
});

function DetailPage({ id }: { id: number }) {
  const { id: building, building: info } = useBuilding();
  const request = useMaintenanceRequest(id, building);
  usePageTitle(`Maintenance request #${id}`);
  if (request.isError) {
    if (request.error instanceof ApiError && request.error.status === 404) return <NotFound />;
    return <Alert severity="error">{errorMessage(request.error)}</Alert>;
  }
  if (request.isPending) return <SectionProgress label="Loading the maintenance request" />;
  return <Detail request={request.data} building={building} timeZone={info?.time_zone} />;
}

/** True while the browser prints the page (between beforeprint and afterprint, rendered before the snapshot). */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const on = () => flushSync(() => setPrinting(true));
    const off = () => setPrinting(false);
    window.addEventListener("beforeprint", on);
    window.addEventListener("afterprint", off);
    return () => {
      window.removeEventListener("beforeprint", on);
      window.removeEventListener("afterprint", off);
    };
  }, []);
  return printing;
}

const factGrid = {
  m: 0,
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
  columnGap: 2,
  rowGap: { xs: 0.25, sm: 1 },
  "& dd": { mb: { xs: 1, sm: 0 } },
} as const;

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} className={className} sx={{ p: 2, mb: 2 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Detail({
  request: r,
  building,
  timeZone,
}: {
  request: MaintenanceRequest;
  building: number;
  timeZone?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { settings } = useBuilding();
  const paper = usePrinting();
  const printing = params.get("print") === "1" || paper;
  const editing = location.pathname.replace(/\/+$/, "").endsWith("/edit");
  const [updating, setUpdating] = useState(false);
  const events = useMaintenanceRequestEvents(r.id, building);
  const hasSignatures = !!settings?.maintenancerequestsettings.has_signatures;
  const detailPath = maintenancePaths.detail(building, r.id);
  const occupants = r.occupant_set.filter((o) => o.is_active);
  const contacts = occupants.filter((o) => o.email || o.phone_number);
  const enteredBy = r.entered_by;
  const closed = isClosedStatus(r.status);

  return (
    <Box>
      {printing && <PrintStyles />}
      <PageHeader
        title={`Maintenance request #${r.id}`}
        subtitle={`${r.apartment_number} · ${r.maintenance_request_type_name}`}
        back={printing ? undefined : { to: maintenancePaths.list(building), label: "Maintenance requests" }}
      >
        {!printing && (
          <>
            <Button variant="contained" startIcon={<UpdateIcon />} onClick={() => setUpdating(true)}>
              Update status
            </Button>
            <Button variant="outlined" startIcon={<EditIcon />} component={RouterLink} to={`${detailPath}/edit`}>
              Edit request details
            </Button>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print
            </Button>
          </>
        )}
      </PageHeader>

      <Section title="Details">
        <Box component="dl" sx={factGrid}>
          <Fact label="Status">
            <Box component="span" sx={{ display: "inline-flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
              <Chip
                label={statusLabel(r)}
                color={closed ? "default" : r.status === "ON_HOLD" ? "warning" : "primary"}
                variant={closed ? "outlined" : "filled"}
                data-testid="request-status"
              />
              {r.date_closed && (
                <span data-testid="closed-on">Closed on {formatZonedDateTime(r.date_closed, timeZone)}</span>
              )}
            </Box>
          </Fact>
          <Fact label="Apartment">
            {r.occupancy_id ? (
              <Link component={RouterLink} to={maintenancePaths.profile(building, r.occupancy_id)}>
                {r.apartment_number}
              </Link>
            ) : (
              r.apartment_number
            )}
          </Fact>
          <Fact label="Occupants">{occupants.length ? occupants.map((o) => personName(o)).join(", ") : "—"}</Fact>
          <Fact label="Contact info">
            {contacts.length
              ? contacts.map((o) => (
                  <Box component="span" key={o.id} sx={{ display: "block" }}>
                    {personName(o)}
                    {o.email && (
                      <>
                        {" · "}
                        <Link href={`mailto:${o.email}`}>{o.email}</Link>
                      </>
                    )}
                    {o.phone_number && (
                      <>
                        {" · "}
                        <Link href={`tel:${o.phone_number}`}>{o.phone_number}</Link>
                      </>
                    )}
                  </Box>
                ))
              : "—"}
          </Fact>
          <Fact label="Additional contact info">
            {[r.additional_emails, r.additional_phone_numbers].filter(Boolean).join("\n") || "—"}
          </Fact>
          <Fact label="Entered by">
            {enteredBy
              ? [personName(enteredBy), enteredBy.role_display, formatZonedDateTime(r.date_opened, timeZone)]
                  .filter(Boolean)
                  .join(" · ")
              : formatZonedDateTime(r.date_opened, timeZone)}
          </Fact>
          <Fact label="Assigned to">{r.employee_name || "—"}</Fact>
          <Fact label="Type">{r.maintenance_request_type_name}</Fact>
          <Fact label="Description">{r.description}</Fact>
          <Fact label="Priority">{r.is_high_priority ? "High" : "Normal"}</Fact>
          <Fact label="Permission to enter">{r.is_permission_to_enter ? "Yes" : "No"}</Fact>
          <Fact label="Entry instructions">{r.permission_to_enter_comments || "—"}</Fact>
          {r.recurring_maintenance_request_id !== null && (
            <Fact label="Recurring request">
              <Link
                component={RouterLink}
                to={maintenancePaths.recurringEdit(building, r.recurring_maintenance_request_id)}
              >
                Made by recurring request #{r.recurring_maintenance_request_id}
              </Link>
            </Fact>
          )}
        </Box>
      </Section>

      {hasSignatures && (
        <Section title="Signature">
          <SignatureBlock request={r} building={building} printing={printing} />
        </Section>
      )}

      <Section title="Comments">
        <RequestComments request={r} building={building} timeZone={timeZone} readOnly={printing} />
      </Section>

      <Section title="Photos">
        <RequestPhotos request={r} building={building} timeZone={timeZone} readOnly={printing} />
      </Section>

      <Section title="History" className="print-hide">
        {events.isError ? (
          <Alert severity="error">{errorMessage(events.error)}</Alert>
        ) : events.isPending ? (
          <SectionProgress label="Loading the history" />
        ) : (
          <EventList
            events={events.data.map((e) => ({
              ...e,
              type_display:
                MAINTENANCE_EVENT_DISPLAY[e.type as keyof typeof MAINTENANCE_EVENT_DISPLAY] ?? e.type_display,
            }))}
            label="History of the request"
            timeZone={timeZone}
            parseChanges={parseChanges}
          />
        )}
      </Section>

      {!printing && (
        <UpdateStatusDialog
          request={r}
          building={building}
          timeZone={timeZone}
          open={updating}
          onClose={() => setUpdating(false)}
        />
      )}
      {!printing && (
        <EditDialog
          request={r}
          building={building}
          open={editing}
          onClose={() => void navigate(detailPath, { replace: true })}
        />
      )}
    </Box>
  );
}

/** The request's fields in the shared form, in a modal (the …/edit path). */
function EditDialog({
  request,
  building,
  open,
  onClose,
}: {
  request: MaintenanceRequest;
  building: number;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const types = useMaintenanceRequestTypes();
  const active = (types.data ?? []).filter((t) => t.is_active);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
      <DialogTitle id={`${id}-title`}>Edit request details</DialogTitle>
      <DialogContent>
        {types.isError ? (
          <Alert severity="error">{errorMessage(types.error)}</Alert>
        ) : types.isPending ? (
          <SectionProgress label="Loading the form" />
        ) : (
          open && (
            <Box sx={{ pt: 1 }}>
              <RequestForm
                building={building}
                types={active}
                initial={requestValuesOf(request)}
                request={request}
                onSaved={onClose}
                onCancel={onClose}
              />
            </Box>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}
