import { Controller, type Resolver, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Navigate, useNavigate, useParams } from "react-router";
import { useSnackbar } from "notistack";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import {
  MESSAGES,
  NOTIFICATION_PREFERENCE_FIELDS,
  type NotificationPreferences,
  type Occupant,
  OccupantPatch,
  type OccupantType,
} from "@portico/contract";
import { errorMessage, NotFoundError } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useOccupant, useUpdateOccupant } from "../api.ts";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { type AnyForm, NewResidentFields } from "../components/forms/ResidentFields.tsx";
import { useUnsavedChanges } from "../components/forms/UnsavedChangesPrompt.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import { occupantName } from "../components/list/DirectoryCard.tsx";
import { editOccupantPath, profilePath, unitListPath } from "../components/list/unitLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => unitListPath(building),
};

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
export function Component() {
  return (
    <RequireAction action="occupant.edit">
      <EditOccupant />
    </RequireAction>
  );
}

function EditOccupant() {
  const { occupantId = "" } = useParams();
  const id = /^\d+$/.test(occupantId) ? Number(occupantId) : null;
  const { id: building } = useBuilding();
  const occupant = useOccupant(id);
  usePageTitle(occupant.data ? `Edit resident ${occupantName(occupant.data)}` : "Edit resident");
  if (id === null || occupant.error instanceof NotFoundError) return <NotFound />;
  if (occupant.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(occupant.error))}</Alert>;
  const o = occupant.data;
  if (!o) return <SectionProgress />;
  if (o.building_id !== building) return <Navigate to={editOccupantPath(o.building_id, o.id)} replace />;
  return <OccupantForm key={o.id} occupant={o} />;
}

function OccupantForm({ occupant }: { occupant: Occupant }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOccupant(occupant.id);
  const form = useForm<OccupantEditValues, unknown, OccupantEditOutput>({
    mode: "onSubmit",
    resolver: zodResolver(occupantEditSchema as never) as unknown as Resolver<
      OccupantEditValues,
      unknown,
      OccupantEditOutput
    >,
    defaultValues: occupantToValues(occupant),
  });
  const { isSubmitting, isDirty, errors } = form.formState;
  const { prompt, allow } = useUnsavedChanges(isDirty && !isSubmitting);
  const back = profilePath(occupant.building_id, occupant.occupancy_id);

  const submit = form.handleSubmit(async (values) => {
    allow();
    try {
      await update.mutateAsync(values);
      enqueueSnackbar(SUCCESS.dataSaved, { variant: "success" });
      navigate(back);
    } catch (err) {
      allow(false);
      applyServerErrors(err, form);
    }
  });

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
        {errors.root?.serverError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.root.serverError.message}
          </Alert>
        )}
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 2 }}>
          <Button component={RouterLink} to={back}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            Save
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
