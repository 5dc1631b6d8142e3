import { type ReactNode, useMemo, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { MEMO_MESSAGES, MEMO_RECIPIENT_PAGE_SIZE, type MemoRecipient } from "@portico/contract";
import { DataTable, type Paging } from "../../../components/DataTable.tsx";
import { fieldGrid } from "../../../components/FormFields.tsx";
import { useDebounced } from "../../../lib/useDebounced.ts";
import { useFloorsLines, useMemoRecipients } from "../api.ts";
import { useRecipientAdder } from "./useRecipientAdder.tsx";
import { type ChosenRecipient, chosenOf, recipientName } from "../model.ts";

export interface RecipientPickerProps {
  building: number;
  chosen: readonly ChosenRecipient[];
  onAdd: (recipients: ChosenRecipient[]) => void;
  onRemove: (occupantIds: number[]) => void;
  /** The occupant_ids error (e.g. 'Select one or more recipients.'). */
  error?: string;
  /** More ways to add (memo groups). */
  extra?: ReactNode;
  disabled?: boolean;
}

const NO_EMAIL = <Chip size="small" variant="outlined" color="warning" label={MEMO_MESSAGES.noEmail} />;

/**
 * Choose a memo's recipients among the building's current residents: a searchable list, 10 a
 * page, with a checkbox per resident ('No email' marked); 'Add by location' adds everyone on a
 * floor and/or line (balcony units only, lease dates); the chosen show as removable chips.
 */
export function RecipientPicker({ building, chosen, onAdd, onRemove, error, extra, disabled }: RecipientPickerProps) {
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim());
  const [paging, setPaging] = useState<Paging>({ offset: 0, limit: MEMO_RECIPIENT_PAGE_SIZE });
  const params = { search: debounced || undefined, limit: paging.limit, offset: paging.offset };
  const list = useMemoRecipients(building, params);
  const chosenIds = useMemo(() => new Set(chosen.map((r) => r.occupant_id)), [chosen]);

  const columns = useMemo<GridColDef<MemoRecipient>[]>(
    () => [
      {
        field: "chosen",
        headerName: "",
        width: 60,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <Checkbox
            size="small"
            checked={chosenIds.has(row.occupant_id)}
            disabled={disabled}
            slotProps={{ input: { "aria-label": `Choose ${recipientName(row)}, ${row.apartment_number}` } }}
            onChange={(e) => (e.target.checked ? onAdd([chosenOf(row)]) : onRemove([row.occupant_id]))}
          />
        ),
      },
      { field: "apartment_number", headerName: "Unit", width: 90, sortable: false },
      {
        field: "name",
        headerName: "Name",
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => recipientName(row),
      },
      {
        field: "email",
        headerName: "Email",
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => row.email ?? NO_EMAIL,
      },
      { field: "type_display", headerName: "Type", width: 110, sortable: false },
      { field: "floor", headerName: "Floor", width: 70, sortable: false },
      { field: "line", headerName: "Line", width: 70, sortable: false },
    ],
    [chosenIds, onAdd, onRemove, disabled],
  );

  return (
    <Box
      role="group"
      aria-labelledby="memo-recipients-title"
      sx={{ display: "grid", gap: 2, border: 1, borderColor: error ? "error.main" : "divider", borderRadius: 1, p: 2 }}
    >
      <Typography id="memo-recipients-title" variant="subtitle1" component="h3">
        Recipients
      </Typography>
      <TextField
        label="Search residents"
        size="small"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPaging((p) => ({ ...p, offset: 0 }));
        }}
        sx={{ maxWidth: 360 }}
      />
      {list.isError && <Alert severity="error">{MEMO_MESSAGES.recipientsFailed}</Alert>}
      <DataTable<MemoRecipient>
        label="Residents"
        columns={columns}
        query={{ ...list, isError: false }}
        paging={paging}
        onPagingChange={setPaging}
        pageSizes={[MEMO_RECIPIENT_PAGE_SIZE]}
        getRowId={(r) => r.occupant_id}
        countText={(n) => `${n} residents`}
        emptyText="No residents"
      />
      <AddByLocation building={building} onAdd={onAdd} disabled={disabled} />
      {extra}
      <ChosenChips chosen={chosen} onRemove={onRemove} disabled={disabled} />
      {error && (
        <FormHelperText error role="alert" id="occupant_ids-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

interface LocationFilter {
  floor: string;
  line: string;
  is_balcony_apt: boolean;
  lease_start_after: string;
  lease_end_before: string;
}

const NO_LOCATION: LocationFilter = {
  floor: "",
  line: "",
  is_balcony_apt: false,
  lease_start_after: "",
  lease_end_before: "",
};

/** Add every current resident on a floor and/or line (Add stays disabled until one is chosen). */
function AddByLocation({
  building,
  onAdd,
  disabled,
}: {
  building: number;
  onAdd: (recipients: ChosenRecipient[]) => void;
  disabled?: boolean;
}) {
  const choices = useFloorsLines(building);
  const [filter, setFilter] = useState<LocationFilter>(NO_LOCATION);
  const adder = useRecipientAdder(building, onAdd);
  const set = (patch: Partial<LocationFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const add = () =>
    adder.run(
      {
        floor: filter.floor || undefined,
        line: filter.line || undefined,
        is_balcony_apt: filter.is_balcony_apt || undefined,
        lease_start_after: filter.lease_start_after || undefined,
        lease_end_before: filter.lease_end_before || undefined,
      },
      (n) => `${n} residents matched.`,
    );

  return (
    <Box role="group" aria-labelledby="memo-location-title" sx={{ display: "grid", gap: 1.5 }}>
      <Typography id="memo-location-title" variant="subtitle2" component="h4">
        Add by location
      </Typography>
      {choices.isError && <Alert severity="error">{MEMO_MESSAGES.recipientsFailed}</Alert>}
      <Box sx={fieldGrid({ sm: "1fr 1fr", md: "1fr 1fr 1fr 1fr" })}>
        <TextField
          select
          label="Floor"
          size="small"
          value={filter.floor}
          onChange={(e) => set({ floor: e.target.value })}
        >
          <MenuItem value="">Any floor</MenuItem>
          {(choices.data?.floors ?? []).map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Line" size="small" value={filter.line} onChange={(e) => set({ line: e.target.value })}>
          <MenuItem value="">Any line</MenuItem>
          {(choices.data?.lines ?? []).map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label="Lease starts on or after"
          size="small"
          value={filter.lease_start_after}
          onChange={(e) => set({ lease_start_after: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="Lease ends on or before"
          size="small"
          value={filter.lease_end_before}
          onChange={(e) => set({ lease_end_before: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <FormControlLabel
          control={
            <Checkbox checked={filter.is_balcony_apt} onChange={(e) => set({ is_balcony_apt: e.target.checked })} />
          }
          label="Balcony units only"
        />
        <Button
          variant="outlined"
          onClick={() => void add()}
          loading={adder.busy}
          disabled={disabled || (!filter.floor && !filter.line)}
        >
          Add
        </Button>
        {adder.status}
      </Stack>
      {adder.alert}
    </Box>
  );
}

/** The chosen recipients as removable chips, with their count. */
function ChosenChips({
  chosen,
  onRemove,
  disabled,
}: {
  chosen: readonly ChosenRecipient[];
  onRemove: (occupantIds: number[]) => void;
  disabled?: boolean;
}) {
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: "center" }}>
        <Typography variant="subtitle2" component="h4" aria-live="polite">
          {chosen.length === 1 ? "1 recipient chosen" : `${chosen.length} recipients chosen`}
        </Typography>
        {chosen.length > 0 && (
          <Button size="small" disabled={disabled} onClick={() => onRemove(chosen.map((r) => r.occupant_id))}>
            Remove all
          </Button>
        )}
      </Stack>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, maxHeight: 200, overflowY: "auto" }}>
        {chosen.map((r) => (
          <Chip
            key={r.occupant_id}
            size="small"
            color={r.email ? "default" : "warning"}
            label={`${r.name}, ${r.apartment_number}${r.email ? "" : ` (${MEMO_MESSAGES.noEmail})`}`}
            onDelete={disabled ? undefined : () => onRemove([r.occupant_id])}
          />
        ))}
      </Box>
    </Box>
  );
}
