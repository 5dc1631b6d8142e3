import { useState } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import {
  type BatchedPackage,
  compareApartmentNumbers,
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
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useConvertQueue, usePackageQueue, usePackageTypes, usePatchQueueItem, useRemoveQueueItem } from "../api.ts";
import { personName } from "../model.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { LoadedTable, type TableTexts } from "../components/RecordTable.tsx";
import { RecipientsPicker, recipientsOfBatched } from "../components/Recipients.tsx";

const BATCH_TABLE: TableTexts = { label: "Batched packages", loadingLabel: "Loading the batch", empty: M.emptyBatch };

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
            <Button
              variant="contained"
              startIcon={<PlaylistAddCheckIcon />}
              onClick={logBatch}
              loading={convert.isPending}
            >
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
      <LoadedTable
        {...BATCH_TABLE}
        query={queue}
        items={items}
        columns={[
          { header: "Unit", cell: (item) => item.apartment_number, sx: { fontWeight: 600 } },
          {
            header: "Package type",
            cell: (item) => <PackageTypeChip type={item.package_type_details} withName />,
          },
          { header: "Comment", cell: (item) => item.opening_comment, sx: { overflowWrap: "anywhere" } },
          { header: "Notify", cell: (item) => <BatchedRecipients item={item} /> },
          {
            header: "Added",
            sx: { whiteSpace: "nowrap" },
            cell: (item) => (
              <>
                {formatZonedDateTime(item.date_created, tz)}
                {item.created_by && (
                  <Typography variant="body2" color="text.secondary">
                    {personName(item.created_by)}
                  </Typography>
                )}
              </>
            ),
          },
          {
            header: "Actions",
            align: "right",
            sx: { whiteSpace: "nowrap" },
            cell: (item) => (
              <>
                <Button
                  size="small"
                  onClick={() => setEditing(item)}
                  aria-label={`Edit ${item.package_type_details.name} for ${item.apartment_number}`}
                >
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
              </>
            ),
          },
        ]}
      />
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
        {removing
          ? `Remove the ${removing.package_type_details.name} for ${removing.apartment_number} from the batch?`
          : ""}
      </ConfirmDialog>
    </Box>
  );
}

/** The residents a batched package will notify (those without an email marked). */
function BatchedRecipients({ item }: { item: BatchedPackage }) {
  const chosen = recipientsOfBatched(item).filter((p) => item.notification_ids.includes(p.id));
  if (!chosen.length)
    return (
      <Typography variant="body2" color="text.secondary">
        Nobody
      </Typography>
    );
  return chosen.map((p) => (
    <div key={p.id}>
      {p.name}
      {p.noEmail && (
        <Typography component="span" variant="body2" sx={{ ml: 1, color: "error.main", fontWeight: 600 }}>
          {M.noEmail}
        </Typography>
      )}
    </div>
  ));
}

function EditBatchedDialog({
  item,
  building,
  onClose,
}: {
  item: BatchedPackage;
  building: number;
  onClose: () => void;
}) {
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
      {
        id: item.id,
        package_type: Number(type),
        opening_comment: comment.trim(),
        send_notification_occupants: recipients,
      },
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
    <FormDialog
      title={`Edit ${item.apartment_number}`}
      submitLabel="Save"
      busy={patch.isPending}
      onSubmit={save}
      onClose={onClose}
      contentSx={{ display: "grid", gap: 2, pt: "8px !important" }}
    >
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
    </FormDialog>
  );
}
