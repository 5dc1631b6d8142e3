import { type ReactNode, useId, useMemo } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlined";
import { type Occupancy, type Occupant, UNIT_PROFILE_MESSAGES as M } from "@portico/contract";
import { PageFormActions } from "../../../../components/FormActions.tsx";
import { columns, fieldGrid } from "../../../../components/FormFields.tsx";
import { RouterLink } from "../../../../components/RouterLink.tsx";
import { addOccupantPath, editApartmentPath, editOccupantPath } from "../list/unitLinks.ts";
import { ApartmentPicker } from "./ApartmentPicker.tsx";
import { DateField } from "../../../../components/DateField.tsx";
import { type AnyForm, CheckboxInput, NewResidentFields, ResidentSearchInput, TypeSelect } from "./ResidentFields.tsx";
import { useSavingForm } from "./useSavingForm.ts";
import {
  DATE_FIELDS,
  emptyExistingResident,
  emptyNewResident,
  residentCount,
  rowsWithErrors,
  type UnitProfileFormMode,
  type UnitProfileFormOutput,
  type UnitProfileFormValues,
  unitProfileSchema,
} from "./unitProfileForm.ts";

const DATE_LABELS: Record<(typeof DATE_FIELDS)[number], string> = {
  lease_start_date: "Lease start date",
  lease_end_date: "Lease end date",
  move_in_date: "Move-in date",
  move_out_date: "Move-out date",
};

export interface UnitProfileFormProps {
  mode: UnitProfileFormMode;
  building: number;
  defaultValues: UnitProfileFormValues;
  /** The unit's number carried from the quick search (shown before the dropdown arrives). */
  knownApartmentNumber?: string;
  /** Editing: the profile (its residents are listed with links). */
  occupancy?: Occupancy;
  /** Where Cancel goes. */
  cancelTo: string;
  /** Saves the checked values; a thrown API error lands on the form. Navigates on success. */
  onSave: (values: UnitProfileFormOutput) => Promise<void>;
}

/**
 * Create or edit a unit profile (document 1 sections 2.4, 5): the unit, lease and move dates
 * (empty = null), do not disturb; on create, the residents — new ones and existing/previous
 * ones — of which there must be at least one.
 */
export function UnitProfileForm({
  mode,
  building,
  defaultValues,
  knownApartmentNumber,
  occupancy,
  cancelTo,
  onSave,
}: UnitProfileFormProps) {
  const uid = useId();
  const schema = useMemo(() => unitProfileSchema(mode), [mode]);
  const { form, submit, prompt } = useSavingForm<UnitProfileFormValues, UnitProfileFormOutput>({
    schema,
    defaultValues,
    save: onSave,
  });
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;
  const anyForm = form as unknown as AnyForm;
  const newRows = useFieldArray({ control, name: "new_occupants", keyName: "key" });
  const existingRows = useFieldArray({ control, name: "new_occupants_by_username", keyName: "key" });
  const residents = useWatch({ control, name: ["new_occupants", "new_occupants_by_username"] });
  const count = residentCount({ new_occupants: residents[0] ?? [], new_occupants_by_username: residents[1] ?? [] });

  const badNew = rowsWithErrors(errors.new_occupants);
  const badExisting = rowsWithErrors(errors.new_occupants_by_username);
  const rowsInvalid = badNew.length + badExisting.length > 0;
  const rootMessage = (errors.root?.serverError?.message ?? "").replace(M.invalidOccupantRows, "").trim();
  const needsResident = mode === "create" && count === 0;
  const residentLists = [
    {
      rows: newRows,
      title: "New resident",
      invalid: badNew,
      fields: (i: number) => <NewResidentFields form={anyForm} prefix={`new_occupants.${i}.`} />,
    },
    {
      rows: existingRows,
      title: "Existing resident",
      invalid: badExisting,
      fields: (i: number) => <ExistingResidentFields form={anyForm} index={i} />,
    },
  ];

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${uid}-title`}>
      {prompt}
      <Typography id={`${uid}-title`} variant="h2" sx={{ mb: 2 }}>
        Unit and lease
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box sx={fieldGrid({ sm: columns(2), lg: columns(4) })}>
          <Box sx={{ gridColumn: { sm: "1 / -1", lg: "span 2" } }}>
            <Controller
              control={control}
              name="apartment_id"
              render={({ field, fieldState }) => (
                <ApartmentPicker
                  ref={field.ref}
                  id={`${uid}-apartment`}
                  building={building}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  knownNumber={knownApartmentNumber ?? occupancy?.apartment_number}
                  error={fieldState.error?.message}
                />
              )}
            />
            {occupancy && (
              <Link
                component={RouterLink}
                to={editApartmentPath(building, occupancy.apartment_id)}
                variant="body2"
                sx={{ display: "inline-block", mt: 0.5 }}
              >
                Edit apartment {occupancy.apartment_number}
              </Link>
            )}
          </Box>
          <Box sx={{ display: { xs: "none", lg: "block" }, gridColumn: "span 2" }} />
          {DATE_FIELDS.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <DateField
                  id={`${uid}-${name}`}
                  name={name}
                  label={DATE_LABELS[name]}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, gridColumn: "1 / -1" }}>
            <CheckboxInput form={anyForm} name="is_do_not_disturb" label="Do not disturb" />
            {mode === "edit" && <CheckboxInput form={anyForm} name="is_active" label="Active unit profile" />}
          </Box>
        </Box>
      </Paper>

      <Typography variant="h2" sx={{ mb: 2 }}>
        Residents
      </Typography>
      {mode === "edit" && occupancy ? (
        <CurrentResidents building={building} occupancy={occupancy} />
      ) : (
        <Box sx={{ mb: 3 }}>
          {rowsInvalid && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {M.invalidOccupantRows}
            </Alert>
          )}
          {residentLists.flatMap(({ rows, title, invalid, fields }) =>
            rows.fields.map((row, i) => (
              <ResidentRow
                key={row.key}
                title={`${title} ${i + 1}`}
                invalid={invalid.includes(i)}
                onRemove={() => rows.remove(i)}
              >
                {fields(i)}
              </ResidentRow>
            )),
          )}
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => newRows.append(emptyNewResident())}>
              Add new resident
            </Button>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => existingRows.append(emptyExistingResident())}
            >
              Add existing/previous resident
            </Button>
          </Box>
        </Box>
      )}

      {rootMessage && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rootMessage}
        </Alert>
      )}
      {needsResident && (
        <Alert id={`${uid}-needs-resident`} severity="info" sx={{ mb: 2 }}>
          {M.atLeastOneResident}
        </Alert>
      )}
      <PageFormActions
        cancelTo={cancelTo}
        submitting={isSubmitting}
        submit={{ disabled: needsResident, "aria-describedby": needsResident ? `${uid}-needs-resident` : undefined }}
        flush
      />
    </Box>
  );
}

/** One resident row; a row with errors is marked. */
function ResidentRow({
  title,
  invalid,
  onRemove,
  children,
}: {
  title: string;
  invalid: boolean;
  onRemove: () => void;
  children: ReactNode;
}) {
  const uid = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={`${uid}-title`}
      aria-invalid={invalid || undefined}
      sx={{
        p: { xs: 1.5, sm: 2 },
        mb: 2,
        borderColor: invalid ? "error.main" : undefined,
        borderWidth: invalid ? 2 : undefined,
        borderLeftWidth: 4,
        borderLeftColor: invalid ? "error.main" : "primary.light",
      }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1, rowGap: 0.5, mb: 2 }}>
        <Typography id={`${uid}-title`} variant="h3" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {invalid && (
          // Phones: on its own line under the title, so the remove button stays at the right.
          <Box sx={{ order: { xs: 3, sm: 0 }, flexBasis: { xs: "100%", sm: "auto" } }}>
            <Chip color="error" size="small" icon={<ErrorOutlineIcon />} label="Check this resident" />
          </Box>
        )}
        <IconButton aria-label={`Remove ${title.toLowerCase()}`} onClick={onRemove}>
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
      {children}
    </Paper>
  );
}

function ExistingResidentFields({ form, index }: { form: AnyForm; index: number }) {
  const prefix = `new_occupants_by_username.${index}.`;
  return (
    <Box sx={fieldGrid({ sm: columns(2), lg: "2fr 1fr 1fr" })}>
      <Box sx={{ gridColumn: { sm: "1 / -1", lg: "auto" } }}>
        <ResidentSearchInput form={form} prefix={prefix} />
      </Box>
      <TypeSelect form={form} name={`${prefix}type`} />
      <CheckboxInput form={form} name={`${prefix}is_active`} label="Active" />
    </Box>
  );
}

const personName = (o: Pick<Occupant, "first_name" | "last_name" | "username">) =>
  [o.first_name, o.last_name].filter(Boolean).join(" ") || o.username;

/** Editing: residents are changed one by one on their own pages. */
function CurrentResidents({ building, occupancy }: { building: number; occupancy: Occupancy }) {
  const people = [...occupancy.occupant_set, ...occupancy.inactive_occupant_set];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      {people.length === 0 ? (
        <Typography sx={{ color: "text.secondary", mb: 1 }}>No residents</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mb: 1 }}>
          {people.map((o) => (
            <Box
              component="li"
              key={o.id}
              sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, py: 0.75 }}
            >
              <Typography sx={{ fontWeight: 600 }}>{personName(o)}</Typography>
              <Chip size="small" variant="outlined" label={o.type_display} />
              {!o.is_active && <Chip size="small" label="Inactive" />}
              <Box sx={{ flex: 1 }} />
              <Button
                size="small"
                component={RouterLink}
                to={editOccupantPath(building, o.id)}
                aria-label={`Edit resident ${personName(o)}`}
              >
                Edit
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Button size="small" startIcon={<AddIcon />} component={RouterLink} to={addOccupantPath(building, occupancy.id)}>
        Add resident
      </Button>
    </Paper>
  );
}
