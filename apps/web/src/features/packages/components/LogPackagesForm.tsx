import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { useFieldArray, useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import {
  MESSAGES,
  type Occupancy,
  PACKAGE_LOG_ROWS,
  PACKAGE_MESSAGES as M,
  PACKAGE_UI_MESSAGES,
  type PackageBulkRowInput,
  packagePaths,
} from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { occupancyKeys } from "../../occupancies/index.ts";
import { useAddToQueue, useLogPackages, usePackageTypes } from "../api.ts";
import {
  blankRow,
  canAddRow,
  hasChosenUnit,
  isUnitMissing,
  initialRows,
  isLogFormDirty,
  keptPackageType,
  type LogErrorBanner,
  type LogFormValues,
  type LogMode,
  type LogRow,
  logErrorsOf,
  rowsAfterAddMore,
  summarizeByType,
  toBulkRows,
  validateLogRows,
} from "../model.ts";
import { useLeavePrompt } from "./LeavePrompt.tsx";
import { LogRowFields, LogRowsHeader } from "./log-form/LogRowFields.tsx";
import { defaultRecipientIds, RecipientsPicker, recipientsOfOccupancy } from "./Recipients.tsx";

type Action = "log" | "more" | "batch";

export interface LogPackagesFormProps {
  mode: LogMode;
  building: number;
  /** The unit of the single-unit form. */
  occupancy?: Occupancy;
}

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
  const [serverError, setServerError] = useState<LogErrorBanner | null>(null);
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
      setDirty(isLogFormDirty(rows, baseline.current, mode));
      setUnitChosen(hasChosenUnit(rows));
      setUnitMissing(mode === "multi" && rows.some(isUnitMissing));
    });
    return () => sub.unsubscribe();
  }, [form, mode]);

  const { dialog: leaveDialog, allowNextLeave } = useLeavePrompt(dirty, M.leaveUnlogged);

  const typeList = useMemo(() => types.data ?? [], [types.data]);
  const typeName = (id: string) => typeList.find((t) => String(t.id) === id)?.name ?? "Unknown type";

  const singleList = useMemo(() => (occupancy ? recipientsOfOccupancy(occupancy.occupant_set) : []), [occupancy]);
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
    const { rows, banner } = logErrorsOf(err, used, mode);
    rows.forEach(([row, field, message], k) =>
      form.setError(`rows.${row}.${field}`, { type: "server", message }, { shouldFocus: k === 0 }),
    );
    if (banner) setServerError(banner);
    if (rows.length) enqueueSnackbar(M.rowErrors, { variant: "error", autoHideDuration: 4000 });
  };

  const submit = async (action: Action, rows: LogRow[], used: number[]) => {
    const recipients = mode === "single" ? (singleRecipients ?? defaultRecipientIds(singleList)) : undefined;
    const body: PackageBulkRowInput[] = toBulkRows(rows, used, {
      occupancyId: mode === "single" ? occupancy?.id : undefined,
      recipients,
      defaults: defaultsFor,
    });
    try {
      if (action === "batch") {
        await addToQueue.mutateAsync(body);
        enqueueSnackbar(PACKAGE_UI_MESSAGES.addedToBatch(body.length), { variant: "success" });
        resetTo(
          mode === "multi" ? initialRows(mode) : rowsAfterAddMore(mode, "").slice(0, PACKAGE_LOG_ROWS.singleUnit),
        );
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
    <Box
      component="form"
      noValidate
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={onKeyDown}
      aria-label="Log packages"
    >
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
        <LogRowsHeader mode={mode} />
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
        <Button
          variant="outlined"
          color="secondary"
          onClick={() => run("batch")}
          disabled={submitDisabled}
          loading={addToQueue.isPending}
        >
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
