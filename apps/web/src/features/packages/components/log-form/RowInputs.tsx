import { memo, useMemo, type Ref } from "react";
import { type Control, useWatch } from "react-hook-form";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  compareApartmentNumbers,
  MESSAGES,
  PACKAGE_COMMENT_MAX,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_GROUPS,
  type PackageType,
} from "@portico/contract";
import { errorMessage } from "../../../../lib/api.ts";
import { useApartmentsDropdown } from "../../../../lib/queries.ts";
import { useOccupancy } from "../../../occupancies/index.ts";
import type { LogFormValues } from "../../model.ts";
import { RecipientsPicker, recipientsOfOccupancy } from "../Recipients.tsx";

/**
 * The inputs of one log row. Each takes plain values and is memoised, so that adding a row
 * (which tells every field about the array) re-renders none of them.
 */

interface UnitOption {
  occupancy: number;
  label: string;
}

/** What a row's input takes from its field. */
interface RowInputProps<V, E extends HTMLElement> {
  value: V;
  inputRef: Ref<E>;
  onBlur: () => void;
  onChange: (value: V) => void;
  error?: string;
  label: string;
}

const unitFilter = createFilterOptions<UnitOption>({ stringify: (o) => o.label, matchFrom: "start", limit: 100 });

/** What the row's text inputs share: small, full width, the field's value, ref and message. */
function textFieldProps<E extends HTMLElement>({ value, inputRef, onBlur, onChange, error }: RowInputProps<string, E>) {
  return {
    size: "small",
    fullWidth: true,
    value,
    inputRef,
    onBlur,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    error: !!error,
    helperText: error,
  } as const;
}

export const TypeSelect = memo(function TypeSelect({
  types,
  ...input
}: RowInputProps<string, HTMLSelectElement> & { types: readonly PackageType[] }) {
  const grouped = useMemo(
    () =>
      PACKAGE_GROUPS.map((g) => ({ group: g, list: types.filter((t) => t.group === g) })).filter((g) => g.list.length),
    [types],
  );
  return (
    <TextField
      select
      {...textFieldProps(input)}
      slotProps={{ select: { native: true }, htmlInput: { "aria-label": input.label } }}
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

export const CommentInput = memo(function CommentInput(input: RowInputProps<string, HTMLInputElement>) {
  return (
    <TextField
      {...textFieldProps(input)}
      placeholder="Comment"
      slotProps={{ htmlInput: { "aria-label": input.label, maxLength: PACKAGE_COMMENT_MAX } }}
    />
  );
});

/** The residents to notify of the row's unit (a dash until the row has one). */
export const RowRecipients = memo(function RowRecipients({
  index,
  control,
  value,
  error,
  onChange,
}: {
  index: number;
  control: Control<LogFormValues>;
  value: number[] | null;
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const occupancyId = useWatch({ control, name: `rows.${index}.occupancy` });
  const apartment = useWatch({ control, name: `rows.${index}.apartment_number` });
  const occ = useOccupancy(occupancyId, { staleTime: 60_000 });
  const list = useMemo(() => (occ.data ? recipientsOfOccupancy(occ.data.occupant_set) : []), [occ.data]);
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

export const UnitField = memo(function UnitField({
  building,
  value,
  onChange,
  onBlur,
  label,
  error,
  inputRef,
}: Omit<RowInputProps<number | null, HTMLInputElement>, "onChange"> & {
  building: number;
  onChange: (occupancy: number | null, apartmentNumber: string) => void;
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
