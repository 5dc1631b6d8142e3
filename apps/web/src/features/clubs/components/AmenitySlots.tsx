import { useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import { type AmenitySlot, AmenitySlotCreate, CLUB_LIMITS, CLUBS_MESSAGES, MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { serverFieldText } from "../../../lib/forms.ts";
import { useCreateSlot, useSlots, useUpdateSlot } from "../api.ts";

/**
 * An amenity type's slots (document 3 sections 2, 8): each label edited in place and its active
 * switch — '{label} successfully updated.', or 'Error when attempting to update {label}. Please
 * retry in 10 seconds.' and the old value back — and a new slot below.
 */
export function AmenitySlots({ type, editable }: { type: number; editable: boolean }) {
  const slots = useSlots(type);
  if (slots.isPending) return <SectionProgress label="Loading amenity slots" />;
  if (slots.isError) return <Typography color="error">{errorMessage(slots.error)}</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {slots.data.length === 0 && <Typography color="text.secondary">No amenity slots yet.</Typography>}
      <Box component="ul" aria-label="Amenity slots" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
        {slots.data.map((slot) => (
          <li key={`${slot.id}-${slot.last_modified}`}>
            <SlotRow slot={slot} editable={editable} />
          </li>
        ))}
      </Box>
      {editable && <NewSlot type={type} />}
    </Box>
  );
}

function SlotRow({ slot, editable }: { slot: AmenitySlot; editable: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateSlot();
  const [label, setLabel] = useState(slot.label);
  const [active, setActive] = useState(slot.is_active);

  const save = (body: { label?: string; is_active?: boolean }, revert: () => void) => {
    update.mutate(
      { id: slot.id, body },
      {
        onSuccess: (saved) =>
          enqueueSnackbar(CLUBS_MESSAGES.inlineSaved(saved.label), { variant: "success", autoHideDuration: 2200 }),
        onError: () => {
          revert();
          enqueueSnackbar(CLUBS_MESSAGES.inlineFailed(slot.label), { variant: "error", autoHideDuration: 4000 });
        },
      },
    );
  };
  const saveLabel = () => {
    const next = label.trim();
    if (next === slot.label) return;
    if (!next) {
      setLabel(slot.label);
      return;
    }
    save({ label: next }, () => setLabel(slot.label));
  };

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
      <TextField
        label="Label"
        size="small"
        value={label}
        disabled={!editable}
        onChange={(e) => setLabel(e.target.value)}
        onBlur={saveLabel}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            saveLabel();
          }
        }}
        slotProps={{ htmlInput: { maxLength: CLUB_LIMITS.label, "aria-label": `Label of ${slot.label}` } }}
        sx={{ flex: "1 1 220px" }}
      />
      <FormControlLabel
        label="Active"
        control={
          <Switch
            checked={active}
            disabled={!editable}
            slotProps={{ input: { "aria-label": `${slot.label} active` } }}
            onChange={(e) => {
              const next = e.target.checked;
              setActive(next);
              save({ is_active: next }, () => setActive(!next));
            }}
          />
        }
      />
    </Box>
  );
}

function NewSlot({ type }: { type: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateSlot();
  const [label, setLabel] = useState("");
  const [error, setError] = useState("");

  const add = () => {
    const parsed = AmenitySlotCreate.safeParse({ amenity_type: type, label });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.fieldRequired);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setLabel("");
        setError("");
        enqueueSnackbar(CLUBS_MESSAGES.slotCreated, { variant: "success", autoHideDuration: 2200 });
      },
      onError: (err) => setError(serverFieldText(err, "label") || errorMessage(err)),
    });
  };

  return (
    <Box
      component="form"
      aria-label="New amenity slot"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
      sx={{ display: "flex", alignItems: "flex-start", gap: 1, flexWrap: "wrap" }}
    >
      <TextField
        label="New slot label"
        size="small"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={!!error}
        helperText={error || undefined}
        slotProps={{ htmlInput: { maxLength: CLUB_LIMITS.label } }}
        sx={{ flex: "1 1 220px" }}
      />
      <Button type="submit" startIcon={<AddIcon />} loading={create.isPending}>
        Add slot
      </Button>
    </Box>
  );
}
