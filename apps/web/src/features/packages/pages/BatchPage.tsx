import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import {
  type BatchedPackage,
  compareApartmentNumbers,
  MESSAGES,
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
import { useConvertQueue, usePackageQueue, usePackageTypes, usePatchQueueItem, useRemoveQueueItem } from "../api.ts";
import { personName } from "../model.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { RecipientsPicker, recipientsOfBatched } from "../components/Recipients.tsx";

/** /{building}/packages/batch: queued packages, edited or removed one by one, logged together. */
export function Component() {
  usePageTitle("Batch");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const queue = usePackageQueue(building);
  const convert = useConvertQueue(building);
  const remove = useRemoveQueueItem(building);
  const [editing, setEditing] = useState<BatchedPackage | null>(null);
  const [removing, setRemoving] = useState<BatchedPackage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = [...(queue.data?.results ?? [])].sort(
    (a, b) => compareApartmentNumbers(a.apartment_number, b.apartment_number) || a.id - b.id,
  );

  const logBatch = () => {
    setError(null);
    if (items.length === 0) {
      setError(M.emptyBatch);
      return;
    }
    convert.mutate(undefined, {
      onSuccess: (res) => {
        enqueueSnackbar(res.message || M.packagesLogged, { variant: "success" });
        navigate(packagePaths.grid(building));
      },
      onError: (err) => setError(serverErrorText(err)),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Batch"
        subtitle="Packages added to the batch are logged, and residents notified, when the batch is logged."
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          <>
            <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={packagePaths.log(building)}>
              Add packages
            </Button>
            <Button variant="contained" startIcon={<PlaylistAddCheckIcon />} onClick={logBatch} loading={convert.isPending}>
              Log batch
            </Button>
          </>
        }
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {queue.isPending ? (
        <SectionProgress label="Loading the batch" />
      ) : queue.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(queue.error))}</Alert>
      ) : items.length === 0 ? (
        <EmptyState>{M.emptyBatch}</EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Batched packages">
            <TableHead>
              <TableRow>
                <TableCell>Unit</TableCell>
                <TableCell>Package type</TableCell>
                <TableCell>Comment</TableCell>
                <TableCell>Notify</TableCell>
                <TableCell>Added</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => {
                const people = recipientsOfBatched(item);
                const chosen = people.filter((p) => item.notification_ids.includes(p.id));
                return (
                  <TableRow key={item.id} hover>
                    <TableCell sx={{ fontWeight: 600 }}>{item.apartment_number}</TableCell>
                    <TableCell>
                      <PackageTypeChip type={item.package_type_details} withName />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>{item.opening_comment}</TableCell>
                    <TableCell>
                      {chosen.length ? (
                        chosen.map((p) => (
                          <div key={p.id}>
                            {p.name}
                            {p.noEmail && (
                              <Typography component="span" variant="body2" sx={{ ml: 1, color: "error.main", fontWeight: 600 }}>
                                {M.noEmail}
                              </Typography>
                            )}
                          </div>
                        ))
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          Nobody
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {formatZonedDateTime(item.date_created, tz)}
                      {item.created_by && (
                        <Typography variant="body2" color="text.secondary">
                          {personName(item.created_by)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      <Button size="small" onClick={() => setEditing(item)} aria-label={`Edit ${item.package_type_details.name} for ${item.apartment_number}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(item)}
                        aria-label={`Remove ${item.package_type_details.name} for ${item.apartment_number}`}
                      >
                        Remove
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing && <EditBatchedDialog item={editing} building={building} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!removing}
        title="Remove from the batch"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              enqueueSnackbar(PACKAGE_UI_MESSAGES.removedFromBatch, { variant: "success" });
            },
          })
        }
      >
        {removing ? `Remove the ${removing.package_type_details.name} for ${removing.apartment_number} from the batch?` : ""}
      </ConfirmDialog>
    </Box>
  );
}

function EditBatchedDialog({ item, building, onClose }: { item: BatchedPackage; building: number; onClose: () => void }) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const types = usePackageTypes({ is_active: true });
  const patch = usePatchQueueItem(building);
  const [type, setType] = useState(String(item.package_type));
  const [comment, setComment] = useState(item.opening_comment);
  const [recipients, setRecipients] = useState<number[]>(item.notification_ids);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const people = recipientsOfBatched(item);
  const typeOptions = [...(types.data ?? [])];
  if (!typeOptions.some((t) => t.id === item.package_type))
    typeOptions.unshift({ ...item.package_type_details, id: item.package_type } as (typeof typeOptions)[number]);

  const save = () => {
    setErrors({});
    patch.mutate(
      { id: item.id, package_type: Number(type), opening_comment: comment.trim(), send_notification_occupants: recipients },
      {
        onSuccess: () => {
          enqueueSnackbar(PACKAGE_UI_MESSAGES.batchItemSaved, { variant: "success" });
          onClose();
        },
        onError: (err) => {
          const out: Record<string, string> = {};
          if (err instanceof ApiError && err.status === 400 && err.body && typeof err.body === "object") {
            for (const [k, v] of Object.entries(err.body as Record<string, unknown>))
              out[k] = Array.isArray(v) ? v.join(" ") : String(v);
          } else out.non_field_errors = errorMessage(err);
          setErrors(out);
        },
      },
    );
  };

  return (
    <Dialog open onClose={patch.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit {item.apartment_number}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        <TextField
          select
          label="Package type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          error={!!errors.package_type}
          helperText={errors.package_type}
        >
          {typeOptions.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={!!errors.opening_comment}
          helperText={errors.opening_comment}
          slotProps={{ htmlInput: { maxLength: PACKAGE_COMMENT_MAX } }}
        />
        <RecipientsPicker
          label={`Notify residents of ${item.apartment_number}`}
          recipients={people}
          value={recipients}
          onChange={setRecipients}
        />
        {errors.send_notification_occupants && <Alert severity="error">{errors.send_notification_occupants}</Alert>}
        {errors.non_field_errors && <Alert severity="error">{errors.non_field_errors}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={patch.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={patch.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
