import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { CONTRACTOR_LIMITS, CONTRACTOR_MESSAGES, type ContractorType, MESSAGES } from "@portico/contract";
import { PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { ApiError } from "../../../lib/api.ts";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { useApartmentsDropdown, useBuildingSettings } from "../../../lib/queries.ts";
import { useContractorTypes, useCreateVisit } from "../api.ts";
import { companyOf, emptyVisitDraft, type VisitDraft, type VisitDraftErrors, visitDraftErrors } from "../model.ts";

const SERVER_FIELDS = [
  "company_name",
  "contractor_type_id",
  "name",
  "apartment_id",
  "occupancy_id",
  "note",
  "photo_url",
];

/**
 * A contractor visit (document 2 sections 2, 5): the company — one of GET /contractors/types/
 * or a new one typed in —, the contractor, the unit (optional), a note and a photo (required
 * unless the building waives it), sent as multipart to POST /contractors/visits/ →
 * 'Contractor visit logged' and an empty form.
 */
export function ContractorVisitForm({ building }: { building: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const types = useContractorTypes();
  const settings = useBuildingSettings(building);
  const units = useApartmentsDropdown(building);
  const create = useCreateVisit();
  const [draft, setDraft] = useState<VisitDraft>(emptyVisitDraft);
  const [shown, setShown] = useState<VisitDraftErrors>({});
  const [round, setRound] = useState(0);
  const photoRequired = settings.data?.contractorsettings.is_photo_required ?? true;
  const list = types.data ?? [];
  const error = create.error;
  const tooLarge = error instanceof ApiError && error.status === 413;
  const field = (f: keyof VisitDraftErrors) => shown[f] ?? (serverFieldText(error, f) || undefined);
  const companyError =
    shown.company_name ??
    (serverFieldText(error, "company_name") || serverFieldText(error, "contractor_type_id") || undefined);
  const other = error && !tooLarge ? serverErrorText(error, SERVER_FIELDS) : "";

  const put = (next: Partial<VisitDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setShown({});
  };

  const submit = () => {
    const errors = visitDraftErrors(draft, { building, types: list, photoRequired });
    setShown(errors);
    if (Object.keys(errors).length) return;
    const unit = units.data?.find((a) => a.id === draft.apartment);
    create.mutate(
      {
        building,
        ...companyOf(draft.company, list),
        name: draft.name.trim(),
        apartment_id: draft.apartment,
        occupancy_id: unit?.current_occupancy_id ?? null,
        note: draft.note.trim(),
        photo: draft.photo,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(CONTRACTOR_MESSAGES.logged, { variant: "success" });
          setDraft(emptyVisitDraft());
          setRound((r) => r + 1);
          create.reset();
        },
      },
    );
  };

  return (
    <Box
      component="form"
      aria-label="Log contractor visit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "grid", gap: 2 }}
    >
      <Autocomplete<ContractorType, false, false, true>
        freeSolo
        autoSelect
        options={list}
        loading={types.isPending}
        value={draft.company}
        getOptionLabel={(t) => (typeof t === "string" ? t : t.company_name)}
        isOptionEqualToValue={(a, b) => typeof b === "object" && a.id === b.id}
        onChange={(_, v) => put({ company: v })}
        renderInput={(params) => (
          <TextField
            {...params}
            name="company_name"
            label="Contractor company"
            required
            error={!!companyError}
            helperText={companyError ?? "Choose one or type a new company"}
          />
        )}
      />
      <TextField
        label="Contractor"
        name="name"
        required
        value={draft.name}
        onChange={(e) => put({ name: e.target.value })}
        error={!!field("name")}
        helperText={field("name")}
        slotProps={{ htmlInput: { maxLength: CONTRACTOR_LIMITS.name } }}
      />
      <UnitPicker
        building={building}
        by="apartment"
        name="apartment_id"
        value={draft.apartment}
        onChange={(v) => put({ apartment: v })}
        error={serverFieldText(error, "apartment_id") || undefined}
      />
      <TextField
        label="Note"
        name="note"
        multiline
        minRows={2}
        value={draft.note}
        onChange={(e) => put({ note: e.target.value })}
        error={!!field("note")}
        helperText={field("note")}
        slotProps={{ htmlInput: { maxLength: CONTRACTOR_LIMITS.note } }}
      />
      {photoRequired && (
        <PhotoCapture
          key={round}
          onChange={(photo) => put({ photo })}
          error={tooLarge ? MESSAGES.fileTooLarge : (field("photo_url") ?? null)}
          autoStartCamera={false}
        />
      )}
      {other && <Alert severity="error">{other}</Alert>}
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Log visit
        </Button>
      </Box>
    </Box>
  );
}
