import { memo, useCallback } from "react";
import {
  type Control,
  type FieldPath,
  type PathValue,
  useController,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { PACKAGE_MESSAGES as M, type PackageType } from "@portico/contract";
import { isUnitMissing, type LogFormValues, type LogMode, type LogRowField } from "../../model.ts";
import { CommentInput, RowRecipients, TypeSelect, UnitField } from "./RowInputs.tsx";

const columnsOf = (mode: LogMode) =>
  mode === "multi"
    ? "32px minmax(120px, 1fr) minmax(150px, 1.1fr) minmax(160px, 1.6fr) minmax(180px, 2fr)"
    : "32px minmax(180px, 1fr) minmax(200px, 2fr)";

/** The column titles above the rows (wide screens only; each input has its own label). */
export function LogRowsHeader({ mode }: { mode: LogMode }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: "none", md: "grid" },
        gridTemplateColumns: columnsOf(mode),
        gap: 1.5,
        px: 0.5,
        pb: 1,
        fontWeight: 600,
        color: "text.secondary",
        fontSize: "0.875rem",
      }}
    >
      <span>#</span>
      {mode === "multi" && <span>Unit</span>}
      <span>Package type</span>
      <span>Comment</span>
      {mode === "multi" && <span>Notify</span>}
    </Box>
  );
}

type SetValue = UseFormReturn<LogFormValues>["setValue"];

interface CellProps {
  index: number;
  control: Control<LogFormValues>;
  onChanged: () => void;
  clearErrors: UseFormReturn<LogFormValues>["clearErrors"];
}

interface RowProps extends CellProps {
  mode: LogMode;
  building: number;
  types: readonly PackageType[];
  setValue: SetValue;
}

/**
 * One row: (unit,) package type, comment (and the unit's residents to notify). Each cell takes
 * its field with useController and hands plain values to a memoised input, so that adding a
 * row (which tells every field about the array) re-renders no input.
 */
export const LogRowFields = memo(function LogRowFields({
  index,
  mode,
  control,
  building,
  types,
  onChanged,
  clearErrors,
  setValue,
}: RowProps) {
  const n = index + 1;
  const cell = { index, control, onChanged, clearErrors };
  return (
    <Box
      role="group"
      aria-label={`Row ${n}`}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", md: columnsOf(mode) },
        gap: 1.5,
        alignItems: "start",
        py: 0.75,
        px: 0.5,
        borderTop: index === 0 ? 0 : 1,
        borderColor: "divider",
      }}
    >
      <Typography sx={{ pt: 1, color: "text.secondary", fontVariantNumeric: "tabular-nums" }} aria-hidden>
        {n}
      </Typography>
      {mode === "multi" && <UnitCell {...cell} building={building} setValue={setValue} />}
      <TypeCell {...cell} types={types} />
      <CommentCell {...cell} />
      {mode === "multi" && <RecipientsCell {...cell} />}
    </Box>
  );
});

/** Any change to a row clears its messages; the next submit judges it again. */
function useRowChange({ index, onChanged, clearErrors }: CellProps, field: LogRowField) {
  return useCallback(() => {
    clearErrors(field === "recipients" ? `rows.${index}.recipients` : `rows.${index}`);
    if (field !== "recipients") onChanged();
  }, [clearErrors, field, index, onChanged]);
}

/**
 * A cell's field as its input takes it: value, ref, message, its label ('Comment, row 3'), and
 * a change handler that sets the field and then clears the row's messages.
 */
function useRowField<F extends LogRowField>(props: CellProps, name: F, title: string) {
  type Value = PathValue<LogFormValues, `rows.${number}.${F}`>;
  const path = `rows.${props.index}.${name}` as FieldPath<LogFormValues> & `rows.${number}.${F}`;
  const { field, fieldState } = useController({ control: props.control, name: path });
  const changed = useRowChange(props, name);
  const { onChange: setField } = field;
  const onChange = useCallback(
    (value: Value) => {
      setField(value);
      changed();
    },
    [setField, changed],
  );
  return {
    value: field.value as Value,
    inputRef: field.ref,
    onBlur: field.onBlur,
    onChange,
    error: fieldState.error?.message,
    label: `${title}, row ${props.index + 1}`,
  };
}

function UnitCell(props: CellProps & { building: number; setValue: SetValue }) {
  const { index, control, building, setValue } = props;
  const { onChange: setOccupancy, error, ...input } = useRowField(props, "occupancy", "Unit");
  const comment = useWatch({ control, name: `rows.${index}.opening_comment` });
  const missing = isUnitMissing({ occupancy: input.value, opening_comment: comment });
  const onChange = useCallback(
    (occupancy: number | null, apartmentNumber: string) => {
      setValue(`rows.${index}.apartment_number`, apartmentNumber);
      setValue(`rows.${index}.recipients`, null);
      setOccupancy(occupancy);
    },
    [setOccupancy, setValue, index],
  );
  return (
    <UnitField
      {...input}
      building={building}
      error={error ?? (missing ? M.occupancyRequired : undefined)}
      onChange={onChange}
    />
  );
}

function TypeCell(props: CellProps & { types: readonly PackageType[] }) {
  const input = useRowField(props, "package_type", "Package type");
  return <TypeSelect types={props.types} {...input} />;
}

function CommentCell(props: CellProps) {
  const input = useRowField(props, "opening_comment", "Comment");
  return <CommentInput {...input} />;
}

function RecipientsCell(props: CellProps) {
  const { value, error, onChange } = useRowField(props, "recipients", "Notify");
  return <RowRecipients index={props.index} control={props.control} value={value} error={error} onChange={onChange} />;
}
