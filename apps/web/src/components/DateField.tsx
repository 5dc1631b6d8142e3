import { useRef, type Ref } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import dayjs, { type Dayjs } from "dayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { isValidDay } from "@portico/contract";
import { DATE_FORMAT } from "../lib/dates.ts";

/** What a half-typed or impossible date is kept as (form schemas answer 'Invalid date'). */
export const INVALID_DAY = "invalid";

const toDay = (d: Dayjs | null): string => (d === null ? "" : d.isValid() ? d.format("YYYY-MM-DD") : INVALID_DAY);

export interface DateFieldProps {
  label: string;
  /** '' (empty), 'YYYY-MM-DD', or INVALID_DAY. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  size?: "small" | "medium";
}

/**
 * A date picker (MM/DD/YYYY) whose value is the API's 'YYYY-MM-DD' text: empty stays empty
 * (sent as null), a half-typed date is INVALID_DAY, so that nothing typed is thrown away.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  id,
  inputRef,
  error,
  helperText,
  disabled,
  size,
}: DateFieldProps) {
  // The picker's own value, while it still describes `value` (keeps half-typed sections).
  const last = useRef<Dayjs | null>(null);
  let picked: Dayjs | null;
  if (last.current !== null && toDay(last.current) === value) picked = last.current;
  else if (value && isValidDay(value)) picked = dayjs(value);
  else picked = value ? dayjs("") : null;

  return (
    <DatePicker
      label={label}
      value={picked}
      format={DATE_FORMAT}
      inputRef={inputRef}
      disabled={disabled}
      onChange={(d) => {
        last.current = d;
        onChange(toDay(d));
      }}
      slotProps={{
        textField: {
          id,
          name,
          onBlur,
          error: !!error,
          helperText: error ?? helperText,
          fullWidth: true,
          size,
        },
        field: { clearable: true },
      }}
    />
  );
}

export interface FormDateFieldProps<T extends FieldValues, O = T>
  extends Omit<DateFieldProps, "value" | "onChange" | "onBlur" | "name" | "inputRef" | "error"> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Called with each new value, after the form has it. */
  onValue?: (value: string) => void;
  /** Shown instead of the form's value (e.g. '' while a 'Forever' switch is on). */
  shownValue?: string;
}

/** A react-hook-form date ('YYYY-MM-DD' text) as a DateField: its ref on the input, its error under it. */
export function FormDateField<T extends FieldValues, O = T>({
  control,
  name,
  onValue,
  shownValue,
  ...props
}: FormDateFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          name={field.name}
          value={shownValue ?? field.value ?? ""}
          onChange={(v) => {
            field.onChange(v);
            onValue?.(v);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
