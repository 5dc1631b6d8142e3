import { useParams, useSearchParams } from "react-router";
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
import type { NewOccupant, Occupancy } from "@portico/contract";
import { ApiError } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageFormActions } from "../../../components/FormActions.tsx";
import { fieldGrid } from "../../../components/FormFields.tsx";
import { useAddExistingOccupant, useCreateOccupant, useOccupancy } from "../api.ts";
import { BuildingRecord, routeId } from "../components/forms/BuildingRecord.tsx";
import { requiring } from "../components/forms/RequireAction.tsx";
import {
  type AnyForm,
  CheckboxInput,
  NewResidentFields,
  ResidentSearchInput,
  TypeSelect,
} from "../components/forms/ResidentFields.tsx";
import { useSavingForm } from "../components/forms/useSavingForm.ts";
import { SUCCESS } from "../components/forms/messages.ts";
import {
  emptyExistingResident,
  emptyNewResident,
  type ExistingResidentRow,
  existingResident,
  type NewResidentRow,
  newResident,
} from "../components/forms/unitProfileForm.ts";
import { addOccupantPath, profilePath, unitListPath, toUnitListOnSwitch } from "../components/list/unitLinks.ts";

export const handle = toUnitListOnSwitch;

type Mode = "new" | "existing";

/**
 * /{building}/manage/occupant/create?occupancy_id: choose New resident (create/new) or
 * Existing/previous resident (create/existing). Managers only.
 */
export const Component = requiring("occupant.create", AddResident);

function AddResident() {
  const { mode } = useParams();
  const [search] = useSearchParams();
  const { id: building } = useBuilding();
  const occupancyId = routeId(search.get("occupancy_id"));
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
  return (
    <BuildingRecord
      id={occupancyId}
      query={occupancy}
      pathIn={(o) => addOccupantPath(o.building_id, o.id, mode as Mode | undefined)}
    >
      {(o) => (
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
      )}
    </BuildingRecord>
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
  const create = useCreateOccupant();
  const back = profilePath(occupancy.building_id, occupancy.id);
  const { form, submit, prompt } = useSavingForm<NewResidentValues, NewOccupant>({
    schema: newResident,
    defaultValues: { ...emptyNewResident(), pronouns: "", emergency_contact_info: "" },
    save: (values) => create.mutateAsync({ ...values, occupancy_id: occupancy.id }),
    done: { message: SUCCESS.dataSaved, to: back },
  });
  const { isSubmitting, errors } = form.formState;

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label="New resident" sx={{ p: 2 }}>
      {prompt}
      <NewResidentFields form={form as unknown as AnyForm} prefix="" extended />
      <PageFormActions cancelTo={back} submitting={isSubmitting} error={errors.root?.serverError?.message} />
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
  const add = useAddExistingOccupant(occupancy.id);
  const back = profilePath(occupancy.building_id, occupancy.id);
  const { form, submit, prompt } = useSavingForm<ExistingResidentRow, ExistingOutput>({
    schema: existingResident,
    defaultValues: emptyExistingResident(),
    save: (values) => add.mutateAsync(values),
    done: { message: SUCCESS.dataSaved, to: back },
    fields: ["username", "type", "is_active"],
    errorOf: withoutRepeats,
  });
  const { isSubmitting, errors } = form.formState;
  const anyForm = form as unknown as AnyForm;

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
      <Box sx={fieldGrid({ sm: "2fr 1fr" })}>
        <ResidentSearchInput form={anyForm} prefix="" />
        <TypeSelect form={anyForm} name="type" />
      </Box>
      <CheckboxInput form={anyForm} name="is_active" label="Active" />
      <PageFormActions cancelTo={back} submitting={isSubmitting} error={errors.root?.serverError?.message} />
    </Paper>
  );
}
