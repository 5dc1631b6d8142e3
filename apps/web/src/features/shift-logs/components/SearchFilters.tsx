import { useEffect, useId } from "react";
import { Controller } from "react-hook-form";
import TextField from "@mui/material/TextField";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { SHIFT_LOG_MESSAGES, type ShiftLogType } from "@portico/contract";
import { DATE_FORMAT } from "../../../lib/dates.ts";
import { type Choice, FilterBar, FilterChecks, SelectFilter } from "../../../components/FilterBar.tsx";
import { useShiftLogTypes } from "../api.ts";
import { filterSchema, type FilterValues } from "../model.ts";
import { FormCheckbox } from "./FormCheckbox.tsx";
import { FormUnitsPicker } from "./UnitsPicker.tsx";
import { useCheckedForm } from "./useCheckedForm.ts";

/** The fields in the order they are shown (the first with an error gets the focus). */
const FIELD_ORDER = [
  "shift_log_type_id",
  "min_date_created",
  "max_date_created",
  "include_apartments",
  "search",
  "is_high_priority",
  "only_edited",
] as const;

/** The type filter's choices: all types, each type, and a type id (from a URL) not listed. */
export function typeChoices(types: readonly ShiftLogType[] | undefined, value: string): Choice[] {
  const list = types ?? [];
  return [
    { value: "all", label: "All types" },
    ...list.map((t) => ({ value: String(t.id), label: `${t.name}${t.is_active ? "" : " (inactive)"}` })),
    ...(value !== "all" && !list.some((t) => String(t.id) === value) ? [{ value, label: `Type #${value}` }] : []),
  ];
}

export interface SearchFiltersProps {
  building: number;
  /** The filters of the URL; the form follows them when they change (back, forward, links). */
  values: FilterValues;
  /** Changes whenever `values` do (e.g. the URL's query string). */
  valuesKey: string;
  onSearch: (values: FilterValues) => void;
  onReset: () => void;
}

/** The filters that are a box to check. */
const CHECKS = [
  { name: "is_high_priority", label: "High priority" },
  { name: "only_edited", label: "Only edited" },
] as const;

/**
 * The search page's filter form: type, date range ('Invalid date' unless a four-digit year,
 * month and day; 'To' before 'From' is refused under 'To'), units (with 'None'), free search, high priority, only edited.
 */
export function SearchFilters({ building, values, valuesKey, onSearch, onReset }: SearchFiltersProps) {
  const uid = useId();
  const types = useShiftLogTypes({ include_shift_end: true, show_all: true });
  const form = useCheckedForm<FilterValues>(filterSchema, values);
  const {
    control,
    handleSubmit,
    reset,
    trigger,
    formState: { errors },
  } = form;

  useEffect(() => {
    reset(values);
    // A URL with a bad date shows its error at once.
    void trigger(["min_date_created", "max_date_created"]);
    // `values` is rebuilt on every render; valuesKey says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey]);

  const dateField = (name: "min_date_created" | "max_date_created", label: string) => (
    <Controller
      control={control}
      name={name}
      // The range rule sits on 'To': a new 'From' checks it again.
      rules={name === "min_date_created" ? { deps: ["max_date_created"] } : undefined}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          value={field.value}
          inputRef={field.ref}
          format={DATE_FORMAT}
          onChange={(v) => field.onChange(v ?? null)}
          // Every picker complaint (incomplete, out of range) is the spec's 'Invalid date'.
          onError={(reason) => {
            if (reason) form.setError(name, { type: "picker", message: SHIFT_LOG_MESSAGES.invalidDate });
          }}
          slotProps={{
            textField: {
              id: `${uid}-${name}`,
              name,
              onBlur: field.onBlur,
              error: !!fieldState.error,
              helperText: fieldState.error?.message,
              fullWidth: true,
            },
            field: { clearable: true },
          }}
        />
      )}
    />
  );

  return (
    <FilterBar
      label="Shift log filters"
      onSubmit={handleSubmit(onSearch)}
      onReset={onReset}
      errorFields={FIELD_ORDER.filter((name) => errors[name])}
    >
      <Controller
        control={control}
        name="shift_log_type_id"
        render={({ field }) => (
          <SelectFilter
            id={`${uid}-type`}
            name={field.name}
            label="Type"
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={field.onChange}
            choices={typeChoices(types.data, field.value)}
          />
        )}
      />
      {dateField("min_date_created", "From")}
      {dateField("max_date_created", "To")}
      <FormUnitsPicker control={control} name="include_apartments" building={building} />
      <Controller
        control={control}
        name="search"
        render={({ field }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            id={`${uid}-search`}
            type="search"
            label="Search notes"
            placeholder="Words, unit or resident"
            fullWidth
          />
        )}
      />
      <FilterChecks span={2}>
        {CHECKS.map((c) => (
          <FormCheckbox key={c.name} control={control} name={c.name} label={c.label} />
        ))}
      </FilterChecks>
    </FilterBar>
  );
}
