import type { ReactNode, Ref } from "react";
import type { AutocompleteRenderInputParams } from "@mui/material/Autocomplete";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

type OwnTextFieldProps = Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error" | "inputRef">;

export interface FormTextFieldProps<T extends FieldValues, O = T> extends OwnTextFieldProps {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Called with each typed value, after the form has it. */
  onValue?: (value: string) => void;
}

/**
 * A react-hook-form field as an MUI TextField (text, multiline or `select` with MenuItem
 * children): the ref goes to the real <input> so a server error can focus it, and the field's
 * error replaces `helperText`.
 */
export function FormTextField<T extends FieldValues, O = T>({
  control,
  name,
  onValue,
  helperText,
  ...props
}: FormTextFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ""}
          onChange={(e) => {
            field.onChange(e.target.value);
            onValue?.(e.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

export interface FormCheckboxProps<T extends FieldValues, O = T> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: ReactNode;
  disabled?: boolean;
  /** Shown under the box (its error message, a hint). */
  below?: (error: string | undefined) => ReactNode;
}

/** A react-hook-form boolean as a labelled MUI Checkbox (the ref on the real <input>). */
export function FormCheckbox<T extends FieldValues, O = T>({
  control,
  name,
  label,
  disabled,
  below,
}: FormCheckboxProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const box = (
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                slotProps={{ input: { ref: field.ref } }}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                disabled={disabled}
              />
            }
          />
        );
        return below ? (
          <div>
            {box}
            {below(fieldState.error?.message)}
          </div>
        ) : (
          box
        );
      }}
    />
  );
}

export interface FormBooleanRadioProps<T extends FieldValues, O = T> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** The group's legend. */
  label: ReactNode;
  /** The two choices' words, true first ('Yes' / 'No' unless told). */
  choices?: readonly [string, string];
  /** Shown first (e.g. 'Normal' before 'High'). */
  falseFirst?: boolean;
  required?: boolean;
  helperText?: ReactNode;
}

/** A react-hook-form boolean as two radio buttons in a row (the ref on the first real <input>). */
export function FormBooleanRadio<T extends FieldValues, O = T>({
  control,
  name,
  label,
  choices = ["Yes", "No"],
  falseFirst,
  required,
  helperText,
}: FormBooleanRadioProps<T, O>) {
  const options = [
    { value: "true", label: choices[0] },
    { value: "false", label: choices[1] },
  ];
  if (falseFirst) options.reverse();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" required={required} error={!!fieldState.error}>
          <FormLabel component="legend">{label}</FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={field.value === true ? "true" : field.value === false ? "false" : ""}
            onChange={(e) => field.onChange(e.target.value === "true")}
            onBlur={field.onBlur}
          >
            {options.map((o, i) => (
              <FormControlLabel
                key={o.value}
                value={o.value}
                label={o.label}
                control={<Radio slotProps={i === 0 ? { input: { ref: field.ref } } : undefined} />}
              />
            ))}
          </RadioGroup>
          {(fieldState.error || helperText) && (
            <FormHelperText>{fieldState.error?.message ?? helperText}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}

/** `n` equal columns of a grid (`repeat(n, minmax(0, 1fr))`). */
export const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/** A form's fields side by side: one column on phones, `wider` from the breakpoints it names. */
export const fieldGrid = (wider: { sm?: string; md?: string; lg?: string }) =>
  ({ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", ...wider }, alignItems: "start" }) as const;

/** An Autocomplete's text box with the form's ref, label, error (or hint) under it. */
export const autocompleteInput =
  (field: {
    ref: Ref<HTMLInputElement>;
    label: string;
    required?: boolean;
    error?: string;
    helperText?: string;
    placeholder?: string;
  }) =>
  (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      inputRef={field.ref}
      label={field.label}
      required={field.required}
      error={!!field.error}
      helperText={field.error ?? field.helperText}
      placeholder={field.placeholder}
    />
  );
