import { forwardRef, useMemo } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { compareApartmentNumbers, MESSAGES } from "@portico/contract";
import { useApartmentsDropdown } from "../lib/queries.ts";

interface Unit {
  id: number;
  number: string;
}

/**
 * A unit of the building, by number. `by` "occupancy" (default): units with a current unit
 * profile, the profile's id as the value; "apartment": every unit, the apartment's id.
 */
export const UnitPicker = forwardRef<
  HTMLInputElement,
  {
    building: number;
    value: number | null;
    onChange: (occupancy: number | null) => void;
    onBlur?: () => void;
    error?: string;
    required?: boolean;
    size?: "small" | "medium";
    by?: "occupancy" | "apartment";
    name?: string;
  }
>(function UnitPicker({ building, value, onChange, onBlur, error, required, size, by = "occupancy", name }, ref) {
  const dropdown = useApartmentsDropdown(building);
  const units = useMemo<Unit[]>(() => {
    const list: Unit[] = [];
    for (const a of dropdown.data ?? []) {
      const id = by === "apartment" ? a.id : a.current_occupancy_id;
      if (id !== null) list.push({ id, number: a.apartment_number });
    }
    return list.sort((x, y) => compareApartmentNumbers(x.number, y.number));
  }, [dropdown.data, by]);
  return (
    <Autocomplete<Unit>
      options={units}
      value={units.find((u) => u.id === value) ?? null}
      loading={dropdown.isPending}
      size={size}
      autoHighlight
      getOptionLabel={(u) => u.number}
      isOptionEqualToValue={(x, y) => x.id === y.id}
      noOptionsText={MESSAGES.noMatchingResults}
      onChange={(_, u) => onChange(u?.id ?? null)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name ?? by}
          inputRef={ref}
          label="Unit"
          required={required}
          error={!!error}
          helperText={error}
        />
      )}
    />
  );
});

/** A list's Unit filter: any unit of the building by apartment id, held as text ('' for none, as in the URL). */
export function UnitFilter({
  building,
  value,
  onChange,
}: {
  building: number;
  value: string;
  onChange: (apartment: string) => void;
}) {
  return (
    <UnitPicker
      building={building}
      by="apartment"
      name="apartment"
      value={value ? Number(value) : null}
      onChange={(v) => onChange(v === null ? "" : String(v))}
    />
  );
}
