import { forwardRef, useMemo } from "react";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import { autocompleteInput } from "../../../components/FormFields.tsx";
import Box from "@mui/material/Box";
import { type Control, type FieldPathByValue, type FieldValues, useController } from "react-hook-form";
import { compareApartmentNumbers } from "@portico/contract";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { NONE, type UnitValue } from "../model.ts";

interface UnitOption {
  value: UnitValue;
  label: string;
  vacant?: boolean;
}

const NONE_OPTION: UnitOption = { value: NONE, label: "None" };

export interface UnitsPickerProps {
  building: number;
  value: UnitValue[];
  onChange: (value: UnitValue[]) => void;
  onBlur?: () => void;
  label?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Labels for ids the dropdown may not list (yet), e.g. a note's units. */
  knownLabels?: ReadonlyMap<number, string>;
  helperText?: string;
  size?: "small" | "medium";
}

const filter = createFilterOptions<UnitOption>({
  stringify: (o) => o.label,
  matchFrom: "start",
  ignoreCase: true,
  limit: 200,
});

/** Units: a multi-select over the building's apartment dropdown, with a 'None' choice first. */
const UnitsPicker = forwardRef<HTMLInputElement, UnitsPickerProps>(function UnitsPicker(
  { building, value, onChange, onBlur, label = "Units", error, required, disabled, knownLabels, helperText, size },
  ref,
) {
  const dropdown = useApartmentsDropdown(building);
  const options = useMemo<UnitOption[]>(() => {
    const apartments = [...(dropdown.data ?? [])].sort((a, b) =>
      compareApartmentNumbers(a.apartment_number, b.apartment_number),
    );
    return [NONE_OPTION, ...apartments.map((a) => ({ value: a.id, label: a.apartment_number, vacant: a.is_vacant }))];
  }, [dropdown.data]);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const selected = value.map(
    (v) => byValue.get(v) ?? { value: v, label: v === NONE ? "None" : (knownLabels?.get(v) ?? `#${v}`) },
  );

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      size={size}
      options={options}
      value={selected}
      loading={dropdown.isPending}
      disabled={disabled}
      filterOptions={filter}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      onChange={(_, opts) => onChange(opts.map((o) => o.value))}
      onBlur={onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 1 }}>
          <span>{option.label}</span>
          {option.vacant && (
            <Box component="span" sx={{ color: "text.secondary", fontSize: "0.85em" }}>
              Vacant
            </Box>
          )}
        </Box>
      )}
      renderInput={autocompleteInput({
        ref,
        label,
        required,
        error,
        helperText,
        placeholder: value.length ? undefined : "Unit number, or None",
      })}
    />
  );
});

type FormUnitsPickerProps<T extends FieldValues> = Omit<UnitsPickerProps, "value" | "onChange" | "onBlur" | "error"> & {
  control: Control<T>;
  name: FieldPathByValue<T, UnitValue[]>;
};

/** The units field of a form (note form, search filters). */
export function FormUnitsPicker<T extends FieldValues>({ control, name, ...props }: FormUnitsPickerProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <UnitsPicker
      ref={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      {...props}
    />
  );
}
