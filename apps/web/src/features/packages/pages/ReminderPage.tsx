import { useMemo, useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import SendIcon from "@mui/icons-material/Send";
import {
  compareApartmentNumbers,
  MESSAGES,
  PACKAGE_LIST_MAX_LIMIT,
  PACKAGE_MESSAGES as M,
  packagePaths,
  REMINDER_DAY_OPTIONS,
  REMINDER_DEFAULT_BODY,
  REMINDER_DEFAULT_DAYS,
  REMINDER_DEFAULT_SUBJECT,
  REMINDER_PLACEHOLDERS,
} from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate } from "../../../lib/zonedDates.ts";
import { usePackages, useRemindPackages } from "../api.ts";
import { residentNames, withIds } from "../model.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { LoadedTable, type TableTexts } from "../components/RecordTable.tsx";

const DAY_MS = 24 * 3600_000;

const REMINDER_TABLE: TableTexts = {
  label: "Packages to remind about",
  loadingLabel: "Loading packages",
  empty: M.noMatch,
};

/**
 * /{building}/packages/reminder: open incoming deliveries opened more than 7, 14 or 30 days ago;
 * check the ones to remind about, word the email (placeholders filled per unit) and send.
 */
export function Component() {
  usePageTitle("Send reminders");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const { enqueueSnackbar } = useSnackbar();
  const [days, setDays] = useState<number>(REMINDER_DEFAULT_DAYS);
  // Fixed per choice of days so that the query key is stable between renders.
  const before = useMemo(() => new Date(Date.now() - days * DAY_MS).toISOString(), [days]);
  const list = usePackages({
    building,
    package_status: "OPEN",
    package_type__group: "INCOMING_DELIVERY",
    max_date_opened: before,
    ordering: "date_opened",
    limit: PACKAGE_LIST_MAX_LIMIT,
  });
  const remind = useRemindPackages(building);
  const rows = useMemo(
    () =>
      [...(list.data?.results ?? [])].sort(
        (a, b) =>
          compareApartmentNumbers(a.apartment_number, b.apartment_number) || a.date_opened.localeCompare(b.date_opened),
      ),
    [list.data],
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [subject, setSubject] = useState(REMINDER_DEFAULT_SUBJECT);
  const [body, setBody] = useState(REMINDER_DEFAULT_BODY);
  const shownSelected = rows.filter((r) => selected.has(r.id));

  // Each problem is shown where it is, and Send waits until there is none.
  const noneSelected = shownSelected.length === 0;
  const subjectError = subject.trim() ? undefined : MESSAGES.fieldRequired;
  const bodyError = body.trim() ? undefined : MESSAGES.fieldRequired;
  const cannotSend = noneSelected || !!subjectError || !!bodyError;

  const send = () => {
    const ids = shownSelected.map((r) => r.id);
    if (cannotSend) return;
    remind.mutate(
      { notify_package_ids: ids, email: { subject: subject.trim(), body: body.trim() } },
      {
        onSuccess: (res) => {
          enqueueSnackbar(M.remindSent(res.count), { variant: "success" });
          setSelected(new Set());
        },
        onError: () => enqueueSnackbar(M.remindFailed, { variant: "error", autoHideDuration: 4000 }),
      },
    );
  };

  const now = Date.now();
  return (
    <Box>
      <PageHeader
        title="Send reminders"
        subtitle="Open incoming deliveries waiting at the desk."
        back={{ to: packagePaths.grid(building), label: "Packages" }}
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label="Opened more than"
          value={days}
          onChange={(e) => {
            setDays(Number(e.target.value));
            setSelected(new Set());
          }}
          sx={{ minWidth: 200 }}
        >
          {REMINDER_DAY_OPTIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {d} days ago
            </MenuItem>
          ))}
        </TextField>
        <Typography color="text.secondary" role="status">
          {list.data
            ? `${rows.length} ${rows.length === 1 ? "package" : "packages"}, ${shownSelected.length} selected`
            : "\u00a0"}
        </Typography>
      </Paper>

      <LoadedTable
        {...REMINDER_TABLE}
        query={list}
        items={rows}
        sx={{ mb: 2 }}
        selection={{
          selected,
          onSelect: (ids, on) => setSelected((s) => withIds(s, ids, on)),
          allLabel: "Select all packages",
          rowLabel: (p) =>
            `Select ${p.package_type.name} for ${p.apartment_number} opened ${formatZonedDate(p.date_opened, tz)}`,
        }}
        columns={[
          { header: "Unit", cell: (p) => p.apartment_number, sx: { fontWeight: 600 } },
          { header: "Residents", cell: (p) => residentNames(p.occupants) },
          { header: "Package type", cell: (p) => <PackageTypeChip type={p.package_type} withName /> },
          { header: "Opened", cell: (p) => formatZonedDate(p.date_opened, tz) },
          {
            header: "Days",
            align: "right",
            cell: (p) => Math.floor((now - new Date(p.date_opened).getTime()) / DAY_MS),
          },
          { header: "Comment", cell: (p) => p.opening_comment, sx: { overflowWrap: "anywhere" } },
        ]}
      />

      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 2, display: "grid", gap: 2 }}
        component="section"
        aria-labelledby="reminder-email"
      >
        <Typography id="reminder-email" variant="h2">
          Email
        </Typography>
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          required
          error={!!subjectError}
          helperText={subjectError}
        />
        <TextField
          label="Body"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={6}
          required
          error={!!bodyError}
          helperText={bodyError ?? `Placeholders: ${REMINDER_PLACEHOLDERS.join(", ")} are filled in for each unit.`}
        />
      </Paper>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 1 }}>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={send}
          loading={remind.isPending}
          disabled={cannotSend}
          aria-describedby={noneSelected ? "reminder-select-hint" : undefined}
        >
          Send reminders
        </Button>
        {noneSelected && (
          <Typography id="reminder-select-hint" variant="body2" sx={{ color: "text.secondary" }}>
            {M.remindSelect}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
