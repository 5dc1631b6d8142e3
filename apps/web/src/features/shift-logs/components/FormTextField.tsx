import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { withoutRef } from "../../../lib/forms.ts";

type FormTextFieldProps<T extends FieldValues> = { control: Control<T>; name: FieldPath<T> } & Omit<
  TextFieldProps,
  "name" | "value" | "onChange" | "onBlur"
>;

/** A text field (or select) of a form, full width, its message under it. */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...withoutRef(field)}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
      {...props}
    />
  );
}
