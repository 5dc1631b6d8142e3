import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type EmployeeSimple, MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { autocompleteInput, FormBooleanRadio } from "../../../components/FormFields.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { applyServerErrors, serverFieldText } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import {
  useBuildingStaff,
  useMaintenanceNotificationSettings,
  useUpdateBuildingSettings,
  useUpdateMaintenanceNotificationSettings,
} from "../api.ts";
import { joinRecipients, recipientErrors, splitRecipients } from "../model.ts";

interface Values {
  has_signatures: boolean;
  email_recipients: string[];
}

const staffName = (e: EmployeeSimple) => `${e.first_name} ${e.last_name}`.trim() || e.username;

/**
 * The settings' Maintenance tab: signatures on requests (has_signatures, a required yes/no) and
 * who is e-mailed about new requests and status changes (addresses typed in or staff suggested,
 * saved semicolon-joined).
 */
export function MaintenanceSettingsTab() {
  const { id: building, settings } = useBuilding();
  const notifications = useMaintenanceNotificationSettings(building);
  if (!settings || notifications.isPending) return <SectionProgress label="Loading the maintenance settings" />;
  if (notifications.isError)
    return <Alert severity="error">{MESSAGES.failedList(errorMessage(notifications.error))}</Alert>;
  return (
    <MaintenanceSettingsForm
      key={notifications.data?.id ?? "none"}
      building={building}
      hasSignatures={settings.maintenancerequestsettings.has_signatures}
      notificationsId={notifications.data?.id ?? null}
      recipients={notifications.data?.email_recipients ?? ""}
    />
  );
}

function MaintenanceSettingsForm({
  building,
  hasSignatures,
  notificationsId,
  recipients,
}: {
  building: number;
  hasSignatures: boolean;
  notificationsId: number | null;
  recipients: string;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const saveSettings = useUpdateBuildingSettings(building);
  const saveRecipients = useUpdateMaintenanceNotificationSettings(building);
  const staff = useBuildingStaff(building);
  const suggestions = useMemo(
    () => (staff.data ?? []).filter((e) => e.email).map((e) => ({ email: e.email, name: staffName(e) })),
    [staff.data],
  );
  const form = useForm<Values>({
    defaultValues: { has_signatures: hasSignatures, email_recipients: splitRecipients(recipients) },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors("root");
    const dirty = form.formState.dirtyFields;
    try {
      if (dirty.has_signatures)
        await saveSettings.mutateAsync({
          maintenancerequestsettings: { has_signatures: values.has_signatures },
        });
    } catch (error) {
      const text = serverFieldText(error, "maintenancerequestsettings");
      if (text) form.setError("has_signatures", { type: "server", message: text });
      else applyServerErrors(error, form, { fields: ["has_signatures"] });
      return;
    }
    try {
      if (dirty.email_recipients && notificationsId !== null)
        await saveRecipients.mutateAsync({
          id: notificationsId,
          body: { building_id: building, email_recipients: joinRecipients(values.email_recipients) },
        });
    } catch (error) {
      applyServerErrors(error, form, { fields: ["email_recipients"] });
      return;
    }
    form.reset(values);
    enqueueSnackbar(MESSAGES.dataSaved, { variant: "success" });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Maintenance settings" sx={{ display: "grid", gap: 3, maxWidth: 720 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: "1.25rem", flex: 1 }}>
          Maintenance requests
        </Typography>
        <Link component={RouterLink} to={`/${building}/settings/maintenance-request-comment-templates`}>
          Comment templates
        </Link>
      </Box>
      <FormBooleanRadio
        control={form.control}
        name="has_signatures"
        label="Collect signatures on maintenance requests"
        required
        helperText="A request's page then shows its signature or a 'Get signature' button."
      />
      <Controller
        control={form.control}
        name="email_recipients"
        rules={{ validate: (list) => recipientErrors(list) ?? true }}
        render={({ field, fieldState }) => (
          <Autocomplete<string, true, false, true>
            multiple
            freeSolo
            autoSelect
            options={suggestions.map((s) => s.email)}
            getOptionLabel={(email) => {
              const who = suggestions.find((s) => s.email === email);
              return who ? `${who.name} <${email}>` : email;
            }}
            filterSelectedOptions
            value={field.value}
            onChange={(_, value) => field.onChange(splitRecipients(joinRecipients(value)))}
            onBlur={field.onBlur}
            renderValue={(value, getItemProps) =>
              value.map((email, index) => {
                const { key, ...item } = getItemProps({ index });
                return <Chip key={key} label={email} size="small" {...item} />;
              })
            }
            renderInput={autocompleteInput({
              ref: field.ref,
              label: "Maintenance e-mail recipients",
              error: fieldState.error?.message,
              helperText:
                "E-mailed about every new request and status change. Type an address and press Enter, or choose a staff member.",
            })}
          />
        )}
      />
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      <Box>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
