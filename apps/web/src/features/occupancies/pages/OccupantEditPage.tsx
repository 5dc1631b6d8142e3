import { Controller } from "react-hook-form";
import { useParams } from "react-router";
import { z } from "zod";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import {
  NOTIFICATION_PREFERENCE_FIELDS,
  type NotificationPreferences,
  type Occupant,
  OccupantPatch,
  type OccupantType,
} from "@portico/contract";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { PageFormActions } from "../../../components/FormActions.tsx";
import { useOccupant, useUpdateOccupant } from "../api.ts";
import { BuildingRecord, routeId } from "../components/forms/BuildingRecord.tsx";
import { requiring } from "../components/forms/RequireAction.tsx";
import { type AnyForm, NewResidentFields } from "../components/forms/ResidentFields.tsx";
import { useSavingForm } from "../components/forms/useSavingForm.ts";
import { SUCCESS } from "../components/forms/messages.ts";
import { occupantName } from "../components/list/DirectoryCard.tsx";
import { editOccupantPath, profilePath, toUnitListOnSwitch } from "../components/list/unitLinks.ts";

export const handle = toUnitListOnSwitch;

const PREFERENCE_LABELS: Record<keyof NotificationPreferences, string> = {
  is_text_maintenance_activity: "Text messages about maintenance requests",
  is_email_maintenance_activity: "Emails about maintenance requests",
  is_text_package_activity: "Text messages about packages",
  is_email_package_activity: "Emails about packages",
};

export interface OccupantEditValues {
  first_name: string;
  last_name: string;
  email: string;
  /** Shown, never sent: a resident's username cannot change. */
  username: string;
  phone_number: string;
  pronouns: string;
  emergency_contact_info: string;
  type: OccupantType | "";
  is_active: boolean;
  no_email: boolean;
  notification_preferences: NotificationPreferences;
}

export function occupantToValues(o: Occupant): OccupantEditValues {
  return {
    first_name: o.first_name,
    last_name: o.last_name,
    email: o.is_placeholder_email ? "" : o.email,
    username: o.username,
    phone_number: o.phone_number,
    pronouns: o.pronouns,
    emergency_contact_info: o.emergency_contact_info,
    type: o.type,
    is_active: o.is_active,
    no_email: o.is_placeholder_email,
    notification_preferences: { ...o.notification_preferences },
  };
}

/** PATCH /core/occupants/{id}/: no username; no e-mail when 'No email' is on. */
const occupantEditSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== "object") return raw;
  const { username: _u, ...rest } = raw as OccupantEditValues;
  if (rest.no_email) {
    const { email: _e, ...withoutEmail } = rest;
    return withoutEmail;
  }
  return { ...rest, no_email: undefined };
}, OccupantPatch);
type OccupantEditOutput = z.output<typeof occupantEditSchema>;

/** /{building}/manage/occupant/edit/{occupantId}: managers only. */
export const Component = requiring("occupant.edit", EditOccupant);

function EditOccupant() {
  const id = routeId(useParams().occupantId);
  const occupant = useOccupant(id);
  usePageTitle(occupant.data ? `Edit resident ${occupantName(occupant.data)}` : "Edit resident");
  return (
    <BuildingRecord id={id} query={occupant} pathIn={(o) => editOccupantPath(o.building_id, o.id)}>
      {(o) => <OccupantForm key={o.id} occupant={o} />}
    </BuildingRecord>
  );
}

function OccupantForm({ occupant }: { occupant: Occupant }) {
  const update = useUpdateOccupant(occupant.id);
  const back = profilePath(occupant.building_id, occupant.occupancy_id);
  const { form, submit, prompt } = useSavingForm<OccupantEditValues, OccupantEditOutput>({
    schema: occupantEditSchema,
    defaultValues: occupantToValues(occupant),
    save: (values) => update.mutateAsync(values),
    done: { message: SUCCESS.dataSaved, to: back },
  });
  const { isSubmitting, errors } = form.formState;

  return (
    <Box sx={{ maxWidth: 960 }}>
      {prompt}
      <Typography variant="h1" sx={{ mb: 1 }}>
        Edit resident {occupantName(occupant)}
      </Typography>
      <Typography sx={{ color: "text.secondary", mb: 3 }}>
        Unit {occupant.apartment_number} · {occupant.type_display}
      </Typography>
      <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label="Edit resident" sx={{ p: 2 }}>
        <NewResidentFields form={form as unknown as AnyForm} prefix="" extended usernameReadOnly />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
          <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
            Notification preferences
          </Typography>
          <FormGroup sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" } }}>
            {NOTIFICATION_PREFERENCE_FIELDS.map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={`notification_preferences.${name}`}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={!!field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { ref: field.ref } }}
                      />
                    }
                    label={PREFERENCE_LABELS[name]}
                  />
                )}
              />
            ))}
          </FormGroup>
        </Box>
        <PageFormActions cancelTo={back} submitting={isSubmitting} error={errors.root?.serverError?.message} />
      </Paper>
    </Box>
  );
}
