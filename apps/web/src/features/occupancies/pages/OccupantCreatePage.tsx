import { useId } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { useSnackbar } from "notistack";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import { MESSAGES, type NewOccupant, type Occupancy } from "@portico/contract";
import { ApiError, errorMessage, NotFoundError } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useAddExistingOccupant, useCreateOccupant, useOccupancy } from "../api.ts";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { type AnyForm, CheckboxInput, NewResidentFields, TypeSelect } from "../components/forms/ResidentFields.tsx";
import { ResidentSearch } from "../components/forms/ResidentSearch.tsx";
import { useUnsavedChanges } from "../components/forms/UnsavedChangesPrompt.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import {
  emptyExistingResident,
  emptyNewResident,
  type ExistingResidentRow,
  existingResident,
  type NewResidentRow,
  newResident,
} from "../components/forms/unitProfileForm.ts";
import { addOccupantPath, profilePath, unitListPath } from "../components/list/unitLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => unitListPath(building),
};

type Mode = "new" | "existing";

/**
 * /{building}/manage/occupant/create?occupancy_id: choose New resident (create/new) or
 * Existing/previous resident (create/existing). Managers only.
 */
export function Component() {
  return (
    <RequireAction action="occupant.create">
      <AddResident />
    </RequireAction>
  );
}

function AddResident() {
  const { mode } = useParams();
  const [search] = useSearchParams();
  const { id: building } = useBuilding();
  const raw = search.get("occupancy_id") ?? "";
  const occupancyId = /^\d+$/.test(raw) ? Number(raw) : null;
  const occupancy = useOccupancy(occupancyId);
  usePageTitle("Add resident");

  if (mode !== undefined && mode !== "new" && mode !== "existing") return <NotFound />;
  if (occupancyId === null)
    return (
      <Box>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Add resident
        </Typography>
        <Alert severity="info">
          Residents are added from a unit profile.{" "}
          <Link component={RouterLink} to={unitListPath(building)}>
            Open the unit list
          </Link>
        </Alert>
      </Box>
    );
  if (occupancy.error instanceof NotFoundError) return <NotFound />;
  if (occupancy.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(occupancy.error))}</Alert>;
  const o = occupancy.data;
  if (!o) return <SectionProgress />;
  if (o.building_id !== building)
    return <Navigate to={addOccupantPath(o.building_id, o.id, mode as Mode | undefined)} replace />;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Add resident to unit {o.apartment_number}
      </Typography>
      <Typography sx={{ color: "text.secondary", mb: 3 }}>
        {mode === "new" ? "New resident" : mode === "existing" ? "Existing/previous resident" : "Who is moving in?"}
      </Typography>
      {mode === "new" ? (
        <NewResidentForm occupancy={o} />
      ) : mode === "existing" ? (
        <ExistingResidentForm occupancy={o} />
      ) : (
        <Chooser building={building} occupancy={o} />
      )}
    </Box>
  );
}

function Chooser({ building, occupancy }: { building: number; occupancy: Occupancy }) {
  const choices = [
    {
      mode: "new" as const,
      label: "New resident",
      text: "Someone who has never lived in the portfolio: enter their name and contacts.",
      Icon: PersonAddIcon,
    },
    {
      mode: "existing" as const,
      label: "Existing/previous resident",
      text: "Someone who lives or lived in a unit before: find them by name, username or email.",
      Icon: PersonSearchIcon,
    },
  ];
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" } }}>
      {choices.map(({ mode, label, text, Icon }) => (
        <Card key={mode} variant="outlined">
          <CardActionArea
            component={RouterLink}
            to={addOccupantPath(building, occupancy.id, mode)}
            sx={{ height: "100%" }}
          >
            <CardContent sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
              <Icon color="primary" fontSize="large" />
              <Box>
                <Typography variant="h2" component="span" sx={{ display: "block" }}>
                  {label}
                </Typography>
                <Typography sx={{ color: "text.secondary", mt: 0.5 }}>{text}</Typography>
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      <Box>
        <Button component={RouterLink} to={profilePath(building, occupancy.id)}>
          Back to profile
        </Button>
      </Box>
    </Box>
  );
}

interface NewResidentValues extends NewResidentRow {
  pronouns: string;
  emergency_contact_info: string;
}

function NewResidentForm({ occupancy }: { occupancy: Occupancy }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateOccupant();
  const form = useForm<NewResidentValues, unknown, NewOccupant>({
    mode: "onSubmit",
    resolver: zodResolver(newResident as never) as unknown as Resolver<NewResidentValues, unknown, NewOccupant>,
    defaultValues: { ...emptyNewResident(), pronouns: "", emergency_contact_info: "" },
  });
  const { isSubmitting, isDirty, errors } = form.formState;
  const { prompt, allow } = useUnsavedChanges(isDirty && !isSubmitting);
  const back = profilePath(occupancy.building_id, occupancy.id);

  const submit = form.handleSubmit(async (values) => {
    allow();
    try {
      await create.mutateAsync({ ...values, occupancy_id: occupancy.id });
      enqueueSnackbar(SUCCESS.dataSaved, { variant: "success" });
      navigate(back);
    } catch (err) {
      allow(false);
      applyServerErrors(err, form);
    }
  });

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label="New resident" sx={{ p: 2 }}>
      {prompt}
      <NewResidentFields form={form as unknown as AnyForm} prefix="" extended />
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
  );
}

type ExistingOutput = z.output<typeof existingResident>;

/**
 * The add-existing call repeats every field error in non_field_errors: shown once, under the
 * field when the form has it.
 */
function withoutRepeats(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== "object") return err;
  const { non_field_errors: nfe, ...fields } = err.body as Record<string, unknown>;
  const fieldMessages = new Set(Object.values(fields).flat().map(String));
  const rest = Array.isArray(nfe) ? nfe.filter((m) => !fieldMessages.has(String(m))) : [];
  return new ApiError(err.status, err.statusText, rest.length ? { ...fields, non_field_errors: rest } : fields);
}

function ExistingResidentForm({ occupancy }: { occupancy: Occupancy }) {
  const uid = useId();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddExistingOccupant(occupancy.id);
  const form = useForm<ExistingResidentRow, unknown, ExistingOutput>({
    mode: "onSubmit",
    resolver: zodResolver(existingResident as never) as unknown as Resolver<
      ExistingResidentRow,
      unknown,
      ExistingOutput
    >,
    defaultValues: emptyExistingResident(),
  });
  const { isSubmitting, isDirty, errors } = form.formState;
  const { prompt, allow } = useUnsavedChanges(isDirty && !isSubmitting);
  const label = useWatch({ control: form.control, name: "label" });
  const back = profilePath(occupancy.building_id, occupancy.id);

  const submit = form.handleSubmit(async (values) => {
    allow();
    try {
      await add.mutateAsync(values);
      enqueueSnackbar(SUCCESS.dataSaved, { variant: "success" });
      navigate(back);
    } catch (err) {
      allow(false);
      applyServerErrors(withoutRepeats(err), form, { fields: ["username", "type", "is_active"] });
    }
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-label="Existing/previous resident"
      sx={{ p: 2 }}
    >
      {prompt}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" },
          alignItems: "start",
        }}
      >
        <Controller
          control={form.control}
          name="username"
          render={({ field, fieldState }) => (
            <ResidentSearch
              ref={field.ref}
              id={`${uid}-resident`}
              label="Resident"
              required
              value={field.value ? { username: field.value, label: label || field.value } : null}
              onChange={(picked) => {
                form.setValue("label", picked?.label ?? "");
                field.onChange(picked?.username ?? "");
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TypeSelect form={form as unknown as AnyForm} name="type" />
      </Box>
      <CheckboxInput form={form as unknown as AnyForm} name="is_active" label="Active" />
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
  );
}
