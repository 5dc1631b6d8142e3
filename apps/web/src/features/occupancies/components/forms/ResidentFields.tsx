import { useId, useRef } from "react";
import { Controller, type FieldValues, type UseFormReturn, useWatch } from "react-hook-form";
import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import { OCCUPANT_TYPE_DISPLAY, OCCUPANT_TYPES } from "@portico/contract";
import {
  columns,
  fieldGrid,
  FormCheckbox,
  FormTextField,
  type FormTextFieldProps,
} from "../../../../components/FormFields.tsx";
import { ResidentSearch } from "./ResidentSearch.tsx";

/** A form of any shape that holds resident fields under `prefix` ('' or 'new_occupants.2.'). */
export type AnyForm = UseFormReturn<FieldValues>;

interface FieldsProps {
  form: AnyForm;
  /** '' for a resident form, 'new_occupants.{i}.' for a row of the unit-profile form. */
  prefix: string;
}

const grid = fieldGrid({ sm: columns(2), lg: columns(4) });

/** E-mail and username need room: two of the four columns on wide screens. */
const wide = { gridColumn: { lg: "span 2" } } as const;

function TextInput({
  form,
  name,
  ...props
}: { form: AnyForm; name: string } & Omit<FormTextFieldProps<FieldValues>, "control" | "name">) {
  const uid = useId();
  return (
    <FormTextField
      control={form.control}
      name={name}
      id={`${uid}-${name}`}
      autoComplete="off"
      minRows={props.multiline ? 2 : undefined}
      fullWidth
      {...props}
    />
  );
}

/** Resident type: required ('This field is required'); Tenant, Occupant or Child. */
export function TypeSelect({ form, name }: { form: AnyForm; name: string }) {
  const uid = useId();
  return (
    <FormTextField control={form.control} name={name} id={`${uid}-type`} select required label="Type" fullWidth>
      {OCCUPANT_TYPES.map((t) => (
        <MenuItem key={t} value={t}>
          {OCCUPANT_TYPE_DISPLAY[t]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

export function CheckboxInput({ form, name, label }: { form: AnyForm; name: string; label: string }) {
  return (
    <FormCheckbox
      control={form.control}
      name={name}
      label={label}
      below={(error) => error && <FormHelperText error>{error}</FormHelperText>}
    />
  );
}

/**
 * An existing or previous resident, found by name, username or e-mail: the form keeps the
 * username under `{prefix}username` and the picked label under `{prefix}label`.
 */
export function ResidentSearchInput({ form, prefix }: { form: AnyForm; prefix: string }) {
  const uid = useId();
  const label = useWatch({ control: form.control, name: `${prefix}label` }) as string | undefined;
  return (
    <Controller
      control={form.control}
      name={`${prefix}username`}
      render={({ field, fieldState }) => (
        <ResidentSearch
          ref={field.ref}
          id={`${uid}-resident`}
          label="Resident"
          required
          value={field.value ? { username: field.value, label: label || field.value } : null}
          onChange={(picked) => {
            form.setValue(`${prefix}label`, picked?.label ?? "");
            field.onChange(picked?.username ?? "");
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export interface NewResidentFieldsProps extends FieldsProps {
  /** Pronouns and emergency contact (the resident pages). */
  extended?: boolean;
  /** Editing: the username cannot change. */
  usernameReadOnly?: boolean;
  /** Show the Active check box (default true). */
  showActive?: boolean;
}

/**
 * A new (or edited) resident: name, type, phone, e-mail and username — or 'No email', which
 * hides both and lets the server make placeholders. Typing an e-mail fills in the username
 * until the username is typed by hand.
 */
export function NewResidentFields({
  form,
  prefix,
  extended,
  usernameReadOnly,
  showActive = true,
}: NewResidentFieldsProps) {
  const noEmail = useWatch({ control: form.control, name: `${prefix}no_email` }) as boolean;
  // The username follows the e-mail until it is typed by hand (or when it was already there).
  const ownUsername = useRef(!!form.getValues(`${prefix}username`));
  const syncUsername = (email: string) => {
    if (usernameReadOnly || ownUsername.current) return;
    form.setValue(`${prefix}username`, email.trim(), { shouldValidate: form.formState.isSubmitted });
  };
  return (
    <Box sx={grid}>
      <TextInput form={form} name={`${prefix}first_name`} label="First name" />
      <TextInput form={form} name={`${prefix}last_name`} label="Last name" />
      <TypeSelect form={form} name={`${prefix}type`} />
      <TextInput form={form} name={`${prefix}phone_number`} label="Phone" type="tel" />
      {!noEmail && (
        <Box sx={wide}>
          <TextInput form={form} name={`${prefix}email`} label="Email" type="email" onValue={syncUsername} />
        </Box>
      )}
      {(!noEmail || usernameReadOnly) && (
        <Box sx={wide}>
          <TextInput
            form={form}
            name={`${prefix}username`}
            label="Username"
            onValue={(v) => {
              ownUsername.current = v.trim() !== "";
            }}
            disabled={usernameReadOnly}
            helperText={usernameReadOnly ? "The username of a resident cannot be changed." : undefined}
          />
        </Box>
      )}
      {extended && (
        <>
          <TextInput form={form} name={`${prefix}pronouns`} label="Pronouns" />
          <TextInput form={form} name={`${prefix}emergency_contact_info`} label="Emergency contact" multiline />
        </>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, gridColumn: { sm: "1 / -1" } }}>
        <CheckboxInput form={form} name={`${prefix}no_email`} label="No email" />
        {showActive && <CheckboxInput form={form} name={`${prefix}is_active`} label="Active" />}
      </Box>
      {noEmail && (
        <FormHelperText sx={{ gridColumn: { sm: "1 / -1" }, mt: -1.5 }}>
          {usernameReadOnly
            ? "The resident's e-mail is replaced by a placeholder address."
            : "A placeholder e-mail and a username are made from the name and the unit."}
        </FormHelperText>
      )}
    </Box>
  );
}
