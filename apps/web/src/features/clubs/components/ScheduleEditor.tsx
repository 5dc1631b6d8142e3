import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  CLUBS_MESSAGES,
  SCHEDULE_MODES,
  type ScheduleEntry,
  type ScheduleMode,
  scheduleMode,
  UpdateSchedule,
  type UpdateScheduleInput,
  WEEK_DAYS,
} from "@portico/contract";
import { DateField } from "../../../components/DateField.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useSchedules, useUpdateSchedule } from "../api.ts";
import {
  type DayRow,
  entryOf,
  halfHours,
  newSpecialRow,
  type SpecialRow,
  specialRows,
  timeLabel,
  weekRows,
} from "../model.ts";

const OPEN_TIMES = halfHours(false);
const CLOSE_TIMES = halfHours(true);

/**
 * An amenity type's hours (document 3 sections 4, 5): 'Always open' or 'Open on selected hours'
 * (Monday to Sunday, open and close times in 30-minute steps), and special dates that win over
 * the week ('A date is required.'); a refused save says 'Invalid submission'.
 */
export function ScheduleEditor({ type, editable }: { type: number; editable: boolean }) {
  const schedules = useSchedules(type);
  if (schedules.isPending) return <SectionProgress label="Loading the schedule" />;
  if (schedules.isError) return <Typography color="error">{errorMessage(schedules.error)}</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 4 }}>
      <WeeklyHours type={type} entries={schedules.data} editable={editable} />
      <SpecialDates type={type} entries={schedules.data} editable={editable} />
    </Box>
  );
}

/** Each schedule entry's first message, by index (and field), from the contract's rules or the server. */
function issuesOf(body: UpdateScheduleInput): Record<string, string> | null {
  const parsed = UpdateSchedule.safeParse(body);
  if (parsed.success) return null;
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.slice(1).join(".");
    out[key] ??= issue.message;
  }
  return out;
}

function useSave(type: number) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateSchedule(type);
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const save = (body: UpdateScheduleInput) => {
    const issues = issuesOf(body);
    setErrors(issues);
    if (issues) return;
    update.mutate(body, {
      onSuccess: () => enqueueSnackbar(CLUBS_MESSAGES.scheduleUpdated, { variant: "success", autoHideDuration: 2200 }),
      onError: () => setErrors({ "": CLUBS_MESSAGES.invalidSubmission }),
    });
  };
  return { save, errors, pending: update.isPending };
}

function TimeSelect({
  label,
  value,
  choices,
  onChange,
  disabled,
  error,
}: {
  label: string;
  value: string;
  choices: string[];
  onChange: (v: string) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      sx={{ minWidth: 130 }}
    >
      {choices.map((t) => (
        <MenuItem key={t} value={t}>
          {timeLabel(t)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function HoursFields({
  name,
  row,
  onChange,
  editable,
  errorOf,
}: {
  name: string;
  row: DayRow;
  onChange: (row: DayRow) => void;
  editable: boolean;
  errorOf: (field: string) => string | undefined;
}) {
  return (
    <>
      <FormControlLabel
        label="Open"
        control={
          <Checkbox
            checked={row.is_open}
            disabled={!editable}
            onChange={(e) => onChange({ ...row, is_open: e.target.checked })}
            slotProps={{ input: { "aria-label": `${name} open` } }}
          />
        }
      />
      <TimeSelect
        label="Opens"
        value={row.open_time}
        choices={OPEN_TIMES}
        disabled={!editable || !row.is_open}
        onChange={(open_time) => onChange({ ...row, open_time })}
        error={errorOf("open_time")}
      />
      <TimeSelect
        label="Closes"
        value={row.close_time}
        choices={CLOSE_TIMES}
        disabled={!editable || !row.is_open}
        onChange={(close_time) => onChange({ ...row, close_time })}
        error={errorOf("close_time")}
      />
    </>
  );
}

function Summary({ errors }: { errors: Record<string, string> | null }) {
  if (!errors) return null;
  return <Alert severity="error">{CLUBS_MESSAGES.invalidSubmission}</Alert>;
}

function WeeklyHours({ type, entries, editable }: { type: number; entries: ScheduleEntry[]; editable: boolean }) {
  const [mode, setMode] = useState<ScheduleMode>(() => scheduleMode(entries));
  const [rows, setRows] = useState<DayRow[]>(() => weekRows(entries));
  const { save, errors, pending } = useSave(type);
  const submit = () =>
    save({
      is_special: false,
      schedules:
        mode === "always" ? [] : rows.map((r, day_of_week) => ({ day_of_week, specific_date: null, ...entryOf(r) })),
    });

  return (
    <Box component="section" aria-label="Weekly hours" sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="h3" sx={{ fontSize: "1.05rem" }}>
        Hours
      </Typography>
      <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as ScheduleMode)} aria-label="Schedule">
        {(Object.keys(SCHEDULE_MODES) as ScheduleMode[]).map((m) => (
          <FormControlLabel key={m} value={m} label={SCHEDULE_MODES[m]} control={<Radio disabled={!editable} />} />
        ))}
      </RadioGroup>
      {mode === "selected" &&
        WEEK_DAYS.map((day, i) => (
          <Box
            key={day}
            role="group"
            aria-label={day}
            sx={{ display: "flex", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}
          >
            <Typography sx={{ width: 100, pt: 1 }}>{day}</Typography>
            <HoursFields
              name={day}
              row={rows[i]!}
              editable={editable}
              onChange={(row) => setRows((all) => all.map((r, j) => (j === i ? row : r)))}
              errorOf={(f) => errors?.[`${i}.${f}`]}
            />
          </Box>
        ))}
      <Summary errors={errors} />
      {editable && (
        <Box>
          <Button variant="contained" onClick={submit} loading={pending}>
            Save hours
          </Button>
        </Box>
      )}
    </Box>
  );
}

function SpecialDates({ type, entries, editable }: { type: number; entries: ScheduleEntry[]; editable: boolean }) {
  const [rows, setRows] = useState<SpecialRow[]>(() => specialRows(entries));
  const { save, errors, pending } = useSave(type);
  const submit = () =>
    save({
      is_special: true,
      schedules: rows.map((r) => ({ day_of_week: null, specific_date: r.specific_date, ...entryOf(r) })),
    });

  return (
    <Box component="section" aria-label="Special dates" sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="h3" sx={{ fontSize: "1.05rem" }}>
        Special dates
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A special date's hours replace the week's on that day.
      </Typography>
      {rows.map((row, i) => (
        <Box
          key={i}
          role="group"
          aria-label={`Special date ${i + 1}`}
          sx={{ display: "flex", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}
        >
          <Box sx={{ width: 210 }}>
            <DateField
              label="Date"
              size="small"
              value={row.specific_date}
              disabled={!editable}
              onChange={(specific_date) => setRows((all) => all.map((r, j) => (j === i ? { ...r, specific_date } : r)))}
              error={errors?.[`${i}.specific_date`]}
            />
          </Box>
          <HoursFields
            name={`Special date ${i + 1}`}
            row={row}
            editable={editable}
            onChange={(next) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...next } : r)))}
            errorOf={(f) => errors?.[`${i}.${f}`]}
          />
          {editable && (
            <IconButton
              aria-label={`Remove special date ${i + 1}`}
              onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      <Summary errors={errors} />
      {editable && (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => setRows((all) => [...all, newSpecialRow()])}>
            Add special date
          </Button>
          <Button variant="contained" onClick={submit} loading={pending}>
            Save special dates
          </Button>
        </Box>
      )}
    </Box>
  );
}
