import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { type Control, useController, useFieldArray, useForm, type UseFormReturn, useWatch } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import {
  compareApartmentNumbers,
  MESSAGES,
  type Occupancy,
  PACKAGE_COMMENT_MAX,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_GROUPS,
  PACKAGE_LOG_ROWS,
  PACKAGE_MESSAGES as M,
  PACKAGE_UI_MESSAGES,
  type PackageBulkRowInput,
  type PackageType,
  packagePaths,
} from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { occupancyKeys, useOccupancy } from "../../occupancies/index.ts";
import { useAddToQueue, useLogPackages, usePackageTypes } from "../api.ts";
import {
  blankRow,
  canAddRow,
  hasChosenUnit,
  isUnitMissing,
  initialRows,
  isRowUsed,
  keptPackageType,
  type LogFormValues,
  type LogMode,
  type LogRow,
  mapRowErrors,
  rowsAfterAddMore,
  summarizeByType,
  toBulkRows,
  validateLogRows,
} from "../model.ts";
import { useLeavePrompt } from "./LeavePrompt.tsx";
import { defaultRecipientIds, RecipientsPicker, recipientsOfOccupancy } from "./Recipients.tsx";

type Action = "log" | "more" | "batch";

export interface LogPackagesFormProps {
  mode: LogMode;
  building: number;
  /** The unit of the single-unit form. */
  occupancy?: Occupancy;
}

interface UnitOption {
  occupancy: number;
  label: string;
}

const unitFilter = createFilterOptions<UnitOption>({ stringify: (o) => o.label, matchFrom: "start", limit: 100 });

const sameRow = (a: LogRow, b: LogRow | undefined) =>
  !!b &&
  a.occupancy === b.occupancy &&
  a.package_type === b.package_type &&
  a.opening_comment === b.opening_comment &&
  a.recipients === b.recipients;

/**
 * The log form (document 2 sections 4, 5): single unit (10 rows of package type and comment,
 * the unit's residents to notify) or several units (20 rows of unit, type, comment and the
 * unit's residents), rows added one at a time to 100. "Log packages" goes to the grid, "Log
 * packages and add more" starts again with 30 rows and the package type kept, "Add to batch"
 * queues the rows for a later "Log batch".
 */
export function LogPackagesForm({ mode, building, occupancy }: LogPackagesFormProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const types = usePackageTypes({ is_active: true });
  const logPackages = useLogPackages(building);
  const addToQueue = useAddToQueue(building);

  const form = useForm<LogFormValues>({ defaultValues: { rows: initialRows(mode) } });
  const { fields, append } = useFieldArray({ control: form.control, name: "rows" });
  const baseline = useRef<LogRow[]>(form.getValues("rows"));
  const [keptType, setKeptType] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ title: string; lines: string[] } | null>(null);
  const [confirm, setConfirm] = useState<{ action: Action; used: number[]; rows: LogRow[] } | null>(null);
  const [singleRecipients, setSingleRecipients] = useState<number[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [unitChosen, setUnitChosen] = useState(false);
  // A comment without its unit: the unit shows why, and the buttons wait for it.
  const [unitMissing, setUnitMissing] = useState(false);

  // Dirty (for the leave prompt) and "a unit is chosen" (multi-unit submit) without re-rendering
  // the whole form on every keystroke.
  useEffect(() => {
    const sub = form.watch((values) => {
      const rows = (values.rows ?? []) as LogRow[];
      setDirty(
        rows.some((r, i) => (i < baseline.current.length ? !sameRow(r, baseline.current[i]) : isRowUsed(r, mode))),
      );
      setUnitChosen(hasChosenUnit(rows));
      setUnitMissing(mode === "multi" && rows.some(isUnitMissing));
    });
    return () => sub.unsubscribe();
  }, [form, mode]);

  const { dialog: leaveDialog, allowNextLeave } = useLeavePrompt(dirty, M.leaveUnlogged);

  const typeList = useMemo(() => types.data ?? [], [types.data]);
  const typeName = (id: string) => typeList.find((t) => String(t.id) === id)?.name ?? "Unknown type";

  const singleList = useMemo(
    () => (occupancy ? recipientsOfOccupancy(occupancy.occupant_set) : []),
    [occupancy],
  );
  const cannotLog = occupancy ? !occupancy.is_active : false;

  const resetTo = (rows: LogRow[]) => {
    baseline.current = rows;
    form.reset({ rows });
    setDirty(false);
    setUnitChosen(false);
  };

  const defaultsFor = (occupancyId: number) => {
    const occ = client.getQueryData<Occupancy>(occupancyKeys.occupancy(occupancyId));
    return occ ? defaultRecipientIds(recipientsOfOccupancy(occ.occupant_set)) : undefined;
  };

  const onAnyChange = useCallback(() => {
    setFormError(null);
    setServerError(null);
  }, []);

  const showServerErrors = (err: unknown, used: number[]) => {
    if (err instanceof ApiError && err.status === 400) {
      const mapped = mapRowErrors(err.body, used);
      mapped.rows.forEach(([row, field, message], k) =>
        form.setError(`rows.${row}.${field}`, { type: "server", message }, { shouldFocus: k === 0 }),
      );
      const occupancyRefused = mapped.rows.some(([, field]) => field === "occupancy");
      if (mode === "single" && (occupancyRefused || mapped.other.length)) {
        setServerError({ title: `${err.status} ${err.statusText}`, lines: [...mapped.other, M.cannotLogForOccupancy] });
      } else if (mapped.other.length) {
        setServerError({ title: MESSAGES.formError, lines: mapped.other });
      }
      if (mapped.rows.length) enqueueSnackbar(M.rowErrors, { variant: "error", autoHideDuration: 4000 });
      return;
    }
    if (mode === "single" && err instanceof ApiError) {
      setServerError({ title: `${err.status} ${err.statusText}`, lines: [M.cannotLogForOccupancy] });
      return;
    }
    setServerError({
      title: MESSAGES.formError,
      lines: [err instanceof ApiError && err.status >= 500 ? err.statusText : errorMessage(err)],
    });
  };

  const submit = async (action: Action, rows: LogRow[], used: number[]) => {
    const recipients =
      mode === "single" ? (singleRecipients ?? defaultRecipientIds(singleList)) : undefined;
    const body: PackageBulkRowInput[] = toBulkRows(rows, used, {
      occupancyId: mode === "single" ? occupancy?.id : undefined,
      recipients,
      defaults: defaultsFor,
    });
    try {
      if (action === "batch") {
        await addToQueue.mutateAsync(body);
        enqueueSnackbar(PACKAGE_UI_MESSAGES.addedToBatch(body.length), { variant: "success" });
        resetTo(mode === "multi" ? initialRows(mode) : rowsAfterAddMore(mode, "").slice(0, PACKAGE_LOG_ROWS.singleUnit));
        return;
      }
      const result = await logPackages.mutateAsync(body);
      enqueueSnackbar(result.message || M.packagesLogged, { variant: "success" });
      if (action === "log") {
        allowNextLeave();
        setDirty(false);
        navigate(packagePaths.grid(building));
        return;
      }
      const kept = keptPackageType(rows, used);
      setKeptType(kept);
      resetTo(rowsAfterAddMore(mode, kept));
    } catch (err) {
      showServerErrors(err, used);
    }
  };

  const run = (action: Action) =>
    form.handleSubmit((values) => {
      const v = validateLogRows(values.rows, mode);
      form.clearErrors();
      setServerError(null);
      setFormError(v.formError);
      let first = true;
      v.rowErrors.forEach((errors, i) => {
        for (const [field, message] of Object.entries(errors)) {
          form.setError(
            `rows.${i}.${field as "occupancy" | "package_type"}`,
            { type: "required", message },
            { shouldFocus: first },
          );
          first = false;
        }
      });
      if (v.formError || v.rowErrors.size) return;
      if (mode === "multi" && action !== "batch") setConfirm({ action, used: v.used, rows: values.rows });
      else void submit(action, values.rows, v.used);
    })();

  // Enter never submits (document 2 section 5); it still picks options and adds lines in comments.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === "Enter" && target.tagName === "INPUT") e.preventDefault();
  };

  const busy = logPackages.isPending || addToQueue.isPending;
  const submitDisabled = busy || cannotLog || (mode === "multi" && (!unitChosen || unitMissing));
  const atMax = !canAddRow(fields.length);

  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} onKeyDown={onKeyDown} aria-label="Log packages">
      {cannotLog && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {M.cannotLogForOccupancy}
        </Alert>
      )}
      {mode === "single" && occupancy && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <RecipientsPicker
            label={`Notify residents of ${occupancy.apartment_number}`}
            recipients={singleList}
            value={singleRecipients}
            onChange={setSingleRecipients}
          />
        </Paper>
      )}
      {types.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.failedList(errorMessage(types.error))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }}>
        <Box
          aria-hidden
          sx={{
            display: { xs: "none", md: "grid" },
            gridTemplateColumns: columnsOf(mode),
            gap: 1.5,
            px: 0.5,
            pb: 1,
            fontWeight: 600,
            color: "text.secondary",
            fontSize: "0.875rem",
          }}
        >
          <span>#</span>
          {mode === "multi" && <span>Unit</span>}
          <span>Package type</span>
          <span>Comment</span>
          {mode === "multi" && <span>Notify</span>}
        </Box>
        {fields.map((f, i) => (
          <LogRowFields
            key={f.id}
            index={i}
            mode={mode}
            control={form.control}
            building={building}
            types={typeList}
            onChanged={onAnyChange}
            clearErrors={form.clearErrors}
            setValue={form.setValue}
          />
        ))}
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1, flexWrap: "wrap" }}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => append(blankRow(mode === "multi" ? keptType : ""), { shouldFocus: false })}
            disabled={atMax}
          >
            Add row
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {fields.length} rows
          </Typography>
        </Box>
        {atMax && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {M.maxRows}
          </Alert>
        )}
      </Paper>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {formError}
        </Alert>
      )}
      {serverError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          <strong>{serverError.title}</strong>
          {serverError.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
        <Button
          variant="contained"
          onClick={() => run("log")}
          disabled={submitDisabled}
          loading={logPackages.isPending && !confirm}
        >
          Log packages
        </Button>
        <Button variant="outlined" onClick={() => run("more")} disabled={submitDisabled}>
          Log packages and add more
        </Button>
        <Button variant="outlined" color="secondary" onClick={() => run("batch")} disabled={submitDisabled} loading={addToQueue.isPending}>
          Add to batch
        </Button>
      </Box>
      <ConfirmDialog
        open={!!confirm}
        title={confirm && confirm.used.length === 1 ? "Log 1 package?" : `Log ${confirm?.used.length ?? 0} packages?`}
        confirmLabel={confirm?.action === "more" ? "Log and add more" : "Log packages"}
        busy={logPackages.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const c = confirm;
          void submit(c.action, c.rows, c.used).finally(() => setConfirm(null));
        }}
      >
        {confirm && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Packages to log">
            {summarizeByType(confirm.rows, confirm.used, typeName).map((s) => (
              <li key={s.name}>
                {s.count} × {s.name}
              </li>
            ))}
          </Box>
        )}
      </ConfirmDialog>
      {leaveDialog}
    </Box>
  );
}

const columnsOf = (mode: LogMode) =>
  mode === "multi"
    ? "32px minmax(120px, 1fr) minmax(150px, 1.1fr) minmax(160px, 1.6fr) minmax(180px, 2fr)"
    : "32px minmax(180px, 1fr) minmax(200px, 2fr)";

type RowField = "occupancy" | "package_type" | "opening_comment" | "recipients";

interface CellProps {
  index: number;
  control: Control<LogFormValues>;
  onChanged: () => void;
  clearErrors: UseFormReturn<LogFormValues>["clearErrors"];
}

interface RowProps extends CellProps {
  mode: LogMode;
  building: number;
  types: readonly PackageType[];
  setValue: UseFormReturn<LogFormValues>["setValue"];
}

/**
 * One row: (unit,) package type, comment (and the unit's residents to notify). Each cell takes
 * its field with useController and hands plain values to a memoised input, so that adding a
 * row (which tells every field about the array) re-renders no input.
 */
const LogRowFields = memo(function LogRowFields({
  index,
  mode,
  control,
  building,
  types,
  onChanged,
  clearErrors,
  setValue,
}: RowProps) {
  const n = index + 1;
  return (
    <Box
      role="group"
      aria-label={`Row ${n}`}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", md: columnsOf(mode) },
        gap: 1.5,
        alignItems: "start",
        py: 0.75,
        px: 0.5,
        borderTop: index === 0 ? 0 : 1,
        borderColor: "divider",
      }}
    >
      <Typography sx={{ pt: 1, color: "text.secondary", fontVariantNumeric: "tabular-nums" }} aria-hidden>
        {n}
      </Typography>
      {mode === "multi" && (
        <UnitCell
          index={index}
          control={control}
          building={building}
          onChanged={onChanged}
          clearErrors={clearErrors}
          setValue={setValue}
        />
      )}
      <TypeCell index={index} control={control} types={types} onChanged={onChanged} clearErrors={clearErrors} />
      <CommentCell index={index} control={control} onChanged={onChanged} clearErrors={clearErrors} />
      {mode === "multi" && (
        <RecipientsCell
          index={index}
          control={control}
          onChanged={onChanged}
          clearErrors={clearErrors}
        />
      )}
    </Box>
  );
});

/** Any change to a row clears its messages; the next submit judges it again. */
function useRowChange({ index, onChanged, clearErrors }: CellProps, field: RowField) {
  return useCallback(() => {
    clearErrors(field === "recipients" ? `rows.${index}.recipients` : `rows.${index}`);
    if (field !== "recipients") onChanged();
  }, [clearErrors, field, index, onChanged]);
}

function UnitCell(props: CellProps & { building: number; setValue: UseFormReturn<LogFormValues>["setValue"] }) {
  const { index, control, building, setValue } = props;
  const { field, fieldState } = useController({ control, name: `rows.${index}.occupancy` });
  const comment = useWatch({ control, name: `rows.${index}.opening_comment` });
  const missing = isUnitMissing({ occupancy: field.value, opening_comment: comment });
  const changed = useRowChange(props, "occupancy");
  const { onChange: setField } = field;
  const onChange = useCallback(
    (occupancy: number | null, apartmentNumber: string) => {
      setField(occupancy);
      setValue(`rows.${index}.apartment_number`, apartmentNumber);
      setValue(`rows.${index}.recipients`, null);
      changed();
    },
    [setField, setValue, index, changed],
  );
  return (
    <UnitField
      building={building}
      value={field.value}
      inputRef={field.ref}
      label={`Unit, row ${index + 1}`}
      error={fieldState.error?.message ?? (missing ? M.occupancyRequired : undefined)}
      onBlur={field.onBlur}
      onChange={onChange}
    />
  );
}

function TypeCell(props: CellProps & { types: readonly PackageType[] }) {
  const { index, control, types } = props;
  const { field, fieldState } = useController({ control, name: `rows.${index}.package_type` });
  const changed = useRowChange(props, "package_type");
  const { onChange: setField } = field;
  const onChange = useCallback(
    (value: string) => {
      setField(value);
      changed();
    },
    [setField, changed],
  );
  return (
    <TypeSelect
      types={types}
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={onChange}
      error={fieldState.error?.message}
      label={`Package type, row ${index + 1}`}
    />
  );
}

function CommentCell(props: CellProps) {
  const { index, control } = props;
  const { field, fieldState } = useController({ control, name: `rows.${index}.opening_comment` });
  const changed = useRowChange(props, "opening_comment");
  const { onChange: setField } = field;
  const onChange = useCallback(
    (value: string) => {
      setField(value);
      changed();
    },
    [setField, changed],
  );
  return (
    <CommentInput
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={onChange}
      error={fieldState.error?.message}
      label={`Comment, row ${index + 1}`}
    />
  );
}

function RecipientsCell(props: CellProps) {
  const { index, control } = props;
  const { field, fieldState } = useController({ control, name: `rows.${index}.recipients` });
  const occupancyId = useWatch({ control, name: `rows.${index}.occupancy` });
  const apartment = useWatch({ control, name: `rows.${index}.apartment_number` });
  const changed = useRowChange(props, "recipients");
  const { onChange: setField } = field;
  const onChange = useCallback(
    (ids: number[]) => {
      setField(ids);
      changed();
    },
    [setField, changed],
  );
  return (
    <RowRecipients
      index={index}
      occupancyId={occupancyId}
      apartment={apartment}
      value={field.value}
      error={fieldState.error?.message}
      onChange={onChange}
    />
  );
}

const TypeSelect = memo(function TypeSelect({
  types,
  value,
  inputRef,
  onBlur,
  onChange,
  error,
  label,
}: {
  types: readonly PackageType[];
  value: string;
  inputRef: Ref<HTMLSelectElement>;
  onBlur: () => void;
  onChange: (value: string) => void;
  error?: string;
  label: string;
}) {
  const grouped = useMemo(
    () =>
      PACKAGE_GROUPS.map((g) => ({ group: g, list: types.filter((t) => t.group === g) })).filter((g) => g.list.length),
    [types],
  );
  return (
    <TextField
      select
      size="small"
      fullWidth
      value={value}
      inputRef={inputRef}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{ select: { native: true }, htmlInput: { "aria-label": label } }}
    >
      <option value="">Choose a type…</option>
      {grouped.map((g) => (
        <optgroup key={g.group} label={PACKAGE_GROUP_DISPLAY[g.group]}>
          {g.list.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name} ({t.abbreviation})
            </option>
          ))}
        </optgroup>
      ))}
    </TextField>
  );
});

const CommentInput = memo(function CommentInput({
  value,
  inputRef,
  onBlur,
  onChange,
  error,
  label,
}: {
  value: string;
  inputRef: Ref<HTMLInputElement>;
  onBlur: () => void;
  onChange: (value: string) => void;
  error?: string;
  label: string;
}) {
  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      inputRef={inputRef}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      placeholder="Comment"
      slotProps={{ htmlInput: { "aria-label": label, maxLength: PACKAGE_COMMENT_MAX } }}
    />
  );
});

const RowRecipients = memo(function RowRecipients({
  index,
  occupancyId,
  apartment,
  value,
  error,
  onChange,
}: {
  index: number;
  occupancyId: number | null;
  apartment: string;
  value: number[] | null;
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const occ = useOccupancy(occupancyId, { staleTime: 60_000 });
  const list = useMemo(
    () => (occ.data ? recipientsOfOccupancy(occ.data.occupant_set) : []),
    [occ.data],
  );
  if (occupancyId === null)
    return (
      <Box sx={{ pt: 1, color: "text.disabled", fontSize: "0.875rem" }} aria-hidden>
        —
      </Box>
    );
  return (
    <Box sx={{ pt: 0.25 }}>
      {occ.isPending ? (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          Loading residents…
        </Typography>
      ) : occ.isError ? (
        <Typography variant="body2" color="error">
          {errorMessage(occ.error)}
        </Typography>
      ) : (
        <RecipientsPicker
          dense
          label={`Notify residents of ${apartment || occ.data?.apartment_number || ""}, row ${index + 1}`}
          recipients={list}
          value={value}
          onChange={onChange}
        />
      )}
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Box>
  );
});

const UnitField = memo(function UnitField({
  building,
  value,
  onChange,
  onBlur,
  label,
  error,
  inputRef,
}: {
  building: number;
  value: number | null;
  onChange: (occupancy: number | null, apartmentNumber: string) => void;
  onBlur: () => void;
  label: string;
  error?: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  const dropdown = useApartmentsDropdown(building);
  const options = useMemo<UnitOption[]>(
    () =>
      (dropdown.data ?? [])
        .filter((a) => a.current_occupancy_id !== null)
        .sort((a, b) => compareApartmentNumbers(a.apartment_number, b.apartment_number))
        .map((a) => ({ occupancy: a.current_occupancy_id!, label: a.apartment_number })),
    [dropdown.data],
  );
  const selected = useMemo(() => options.find((o) => o.occupancy === value) ?? null, [options, value]);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      loading={dropdown.isPending}
      autoHighlight
      autoSelect
      filterOptions={unitFilter}
      isOptionEqualToValue={(a, b) => a.occupancy === b.occupancy}
      getOptionLabel={(o) => o.label}
      noOptionsText={MESSAGES.noMatchingResults}
      onChange={(_, o) => onChange(o?.occupancy ?? null, o?.label ?? "")}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          error={!!error}
          helperText={error}
          placeholder="Unit"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, "aria-label": label } }}
        />
      )}
    />
  );
});
