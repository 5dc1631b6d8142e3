import { type Control, type FieldPathByValue, type FieldValues, useController } from "react-hook-form";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";

/** A yes/no field of a form ('High priority'), its label beside the box. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  label: string;
}) {
  const { field } = useController({ control, name });
  const box = (
    <Checkbox
      slotProps={{ input: { ref: field.ref } }}
      checked={field.value}
      onChange={(e) => field.onChange(e.target.checked)}
      onBlur={field.onBlur}
    />
  );
  return <FormControlLabel control={box} label={label} />;
}
