import { useId, useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import EditIcon from "@mui/icons-material/Edit";
import DoneIcon from "@mui/icons-material/Done";
import {
  MESSAGES,
  type Package,
  PACKAGE_COMMENT_MAX,
  PACKAGE_MESSAGES as M,
  PACKAGE_UI_MESSAGES,
  packagePaths,
} from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { serverErrorText } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import {
  useClosePackages,
  useEditOpeningComment,
  usePackage,
  usePackageEvents,
  useReopenPackage,
} from "../api.ts";
import { closingPhotoRequired, personName } from "../model.ts";
import { CloseFields } from "../components/CloseFields.tsx";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

/** /{building}/packages/{packageId}: details, opening comment, close, reopen, activity, notification. */
export function Component() {
  const { packageId = "" } = useParams();
  const id = /^\d+$/.test(packageId) ? Number(packageId) : 0;
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const pkg = usePackage(id, building);
  usePageTitle(pkg.data ? `Package ${pkg.data.id}` : "Package");

  if (!id || pkg.isError) {
    const notFound = !id || (pkg.error instanceof ApiError && pkg.error.status === 404);
    return (
      <Box>
        <PageHeader title="Package" back={{ to: packagePaths.grid(building), label: "Packages" }} />
        <Alert severity="error">{notFound ? "This package was not found." : errorMessage(pkg.error)}</Alert>
      </Box>
    );
  }
  if (pkg.isPending) return <SectionProgress label="Loading the package" />;
  return <PackageDetail pkg={pkg.data} building={building} tz={tz} />;
}

function PackageDetail({ pkg, building, tz }: { pkg: Package; building: number; tz?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState(false);
  const reopen = useReopenPackage(building);
  const [reopenError, setReopenError] = useState<string | null>(null);
  const open = pkg.status === "OPEN";

  return (
    <Box>
      <PageHeader
        title={`Package ${pkg.id}`}
        subtitle={`${pkg.package_type.name} for unit ${pkg.apartment_number}`}
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          open ? (
            <>
              <Button variant="contained" startIcon={<DoneIcon />} onClick={() => setClosing(true)}>
                Close package
              </Button>
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit comment
              </Button>
            </>
          ) : undefined
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="package-details">
        <Typography id="package-details" variant="h2" sx={{ mb: 1.5 }}>
          Details
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: "grid",
            gridTemplateColumns: { xs: "1fr", sm: "180px 1fr" },
            columnGap: 2,
            rowGap: 1,
            "& dt": { fontWeight: 600, color: "text.secondary" },
            "& dd": { m: 0, overflowWrap: "anywhere" },
          }}
        >
          <Field label="Status">
            {open ? (
              <Chip size="small" color="success" label={pkg.status_display} />
            ) : (
              <Link component="button" type="button" onClick={() => setReopening(true)} sx={{ fontSize: "inherit" }}>
                {M.closedReopenLink}
              </Link>
            )}
          </Field>
          <Field label="Unit">
            <Link component={RouterLink} to={`/${building}/manage/unit-profiles/${pkg.occupancy_id}`}>
              {pkg.apartment_number}
            </Link>
            {pkg.occupancy_status !== "CURRENT" && (
              <Typography component="span" sx={{ ml: 1, color: "text.secondary" }}>
                ({pkg.occupancy_status === "FUTURE" ? "future tenant" : "inactive tenant"})
              </Typography>
            )}
          </Field>
          <Field label="Residents">
            {pkg.occupants.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") || "—"}
          </Field>
          <Field label="Package type">
            <PackageTypeChip type={pkg.package_type} withName />
          </Field>
          <Field label="Opened">
            {formatZonedDateTime(pkg.date_opened, tz)}
            {pkg.opened_by ? ` by ${personName(pkg.opened_by)}` : ""}
          </Field>
          <Field label="Opening comment">
            <Box component="span" sx={{ whiteSpace: "pre-wrap" }}>
              {pkg.opening_comment || "—"}
            </Box>
          </Field>
          {!open && (
            <>
              <Field label="Closed">
                {formatZonedDateTime(pkg.date_closed, tz)}
                {pkg.closed_by ? ` by ${personName(pkg.closed_by)}` : ""}
              </Field>
              <Field label="Closing comment">
                <Box component="span" sx={{ whiteSpace: "pre-wrap" }}>
                  {pkg.closing_comment || "—"}
                </Box>
              </Field>
              <Field label="Closing photo">
                {pkg.closing_photo_url ? (
                  <Link href={pkg.closing_photo_url} target="_blank" rel="noopener">
                    <Box
                      component="img"
                      src={pkg.closing_photo_url}
                      alt={`Closing photo of package ${pkg.id}`}
                      sx={{ maxWidth: 280, maxHeight: 220, borderRadius: 1, border: 1, borderColor: "divider" }}
                    />
                  </Link>
                ) : (
                  "—"
                )}
              </Field>
            </>
          )}
          {pkg.carrier && <Field label="Carrier">{pkg.carrier}</Field>}
          {pkg.barcode && <Field label="Barcode">{pkg.barcode}</Field>}
        </Box>
      </Paper>
      <Notification pkg={pkg} tz={tz} />
      <Activity id={pkg.id} building={building} tz={tz} />

      {editing && <EditCommentDialog pkg={pkg} building={building} onClose={() => setEditing(false)} />}
      {closing && <CloseDialog pkg={pkg} building={building} onClose={() => setClosing(false)} />}
      <ConfirmDialog
        open={reopening}
        title="Re-open package"
        confirmLabel="Re-open"
        busy={reopen.isPending}
        error={reopenError}
        onClose={() => {
          setReopening(false);
          setReopenError(null);
        }}
        onConfirm={() =>
          reopen.mutate(pkg.id, {
            onSuccess: () => {
              setReopening(false);
              enqueueSnackbar(PACKAGE_UI_MESSAGES.reopened, { variant: "success" });
            },
            onError: (err) => setReopenError(serverErrorText(err)),
          })
        }
      >
        {M.reopenConfirm}
      </ConfirmDialog>
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Notification({ pkg, tz }: { pkg: Package; tz?: string }) {
  const record = pkg.record;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="package-notification">
      <Typography id="package-notification" variant="h2" sx={{ mb: 1.5 }}>
        Notification email
      </Typography>
      {!record ? (
        <Typography color="text.secondary">
          {pkg.package_type.group === "KEYS"
            ? "Packages of the keys group do not notify residents."
            : "No notification email was sent for this package."}
        </Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>{record.subject}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {formatZonedDateTime(record.date_created, tz)} · {record.state}
          </Typography>
          <Box
            sx={{
              whiteSpace: "pre-wrap",
              bgcolor: "grey.50",
              border: 1,
              borderColor: "divider",
              borderRadius: 1,
              p: 1.5,
              mb: 2,
              fontSize: "0.9rem",
            }}
          >
            {record.body_text}
          </Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            Recipients
          </Typography>
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Email recipients">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Current email</TableCell>
                  <TableCell>Sent</TableCell>
                  <TableCell>Delivery</TableCell>
                  <TableCell align="right">Opens</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {record.recipient_set.map((r) => (
                  <TableRow key={`${r.email}-${r.name}`}>
                    <TableCell>{r.name || "—"}</TableCell>
                    <TableCell>{r.email}</TableCell>
                    <TableCell>{r.current_email && r.current_email !== r.email ? r.current_email : "—"}</TableCell>
                    <TableCell>{r.time_sent ? formatZonedDateTime(r.time_sent, tz) : "Not sent yet"}</TableCell>
                    <TableCell>
                      {r.mandrill_state}
                      {r.mandrill_reject_reason ? ` (${r.mandrill_reject_reason})` : ""}
                    </TableCell>
                    <TableCell align="right">{r.opens}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
      {pkg.text_recipient_set.length > 0 && (
        <>
          <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
            Text messages
          </Typography>
          <Table size="small" aria-label="Text message recipients">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Phone</TableCell>
                <TableCell>Sent</TableCell>
                <TableCell>Delivery</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pkg.text_recipient_set.map((t) => (
                <TableRow key={`${t.phone_number}-${t.name}`}>
                  <TableCell>{t.name}</TableCell>
                  <TableCell>{t.phone_number}</TableCell>
                  <TableCell>{t.time_sent ? formatZonedDateTime(t.time_sent, tz) : "Not sent yet"}</TableCell>
                  <TableCell>
                    {t.state}
                    {t.error ? ` (${t.error})` : ""}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}

function Activity({ id, building, tz }: { id: number; building: number; tz?: string }) {
  const events = usePackageEvents(id, building);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="package-activity">
      <Typography id="package-activity" variant="h2" sx={{ mb: 1.5 }}>
        Activity
      </Typography>
      {events.isPending ? (
        <SectionProgress label="Loading activity" />
      ) : events.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(events.error))}</Alert>
      ) : events.data.results.length === 0 ? (
        <EmptyState>No events</EmptyState>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Package events">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Note</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {events.data.results.map((e) => (
                <TableRow key={e.id}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatZonedDateTime(e.date_created, tz)}</TableCell>
                  <TableCell>{e.type_display}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{e.note}</TableCell>
                  <TableCell>{e.performed_by ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

function EditCommentDialog({ pkg, building, onClose }: { pkg: Package; building: number; onClose: () => void }) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditOpeningComment(building);
  const [value, setValue] = useState(pkg.opening_comment);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!value.trim()) {
      setError(M.commentRequired);
      return;
    }
    edit.mutate(
      { id: pkg.id, opening_comment: value.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(PACKAGE_UI_MESSAGES.commentSaved, { variant: "success" });
          onClose();
        },
        onError: (err) => setError(serverErrorText(err)),
      },
    );
  };
  return (
    <Dialog open onClose={edit.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit opening comment</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label="Opening comment"
          value={value}
          error={!!error}
          helperText={error}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          slotProps={{ htmlInput: { maxLength: PACKAGE_COMMENT_MAX } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={edit.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CloseDialog({ pkg, building, onClose }: { pkg: Package; building: number; onClose: () => void }) {
  const titleId = useId();
  const { settings } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const close = useClosePackages(building);
  const [comment, setComment] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const photoRequired = closingPhotoRequired(settings, [pkg.package_type]);
  const submit = () => {
    setError(null);
    if (photoRequired && !photo) {
      setPhotoError(M.photoRequired);
      return;
    }
    close.mutate(
      { packages: [pkg.id], closing_comment: comment.trim(), photo },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.message || M.closed(1), { variant: "success" });
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 413) setPhotoError(MESSAGES.fileTooLarge);
          else setError(serverErrorText(err));
        },
      },
    );
  };
  return (
    <Dialog open onClose={close.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Close package</DialogTitle>
      <DialogContent>
        <CloseFields
          comment={comment}
          onComment={setComment}
          photo={photo}
          onPhoto={(f) => {
            setPhoto(f);
            setPhotoError(null);
          }}
          photoRequired={photoRequired}
          photoError={photoError}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={close.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={close.isPending}>
          Close package
        </Button>
      </DialogActions>
    </Dialog>
  );
}
