import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type KeyEntity, MESSAGES } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useCreateVerbalPermission, useKeyEntities } from "../api.ts";
import { type Recipient, verbalPermissionRecipient } from "../model.ts";

const idOf = (r: Pick<Recipient, "entity_type" | "entity_id">) => `${r.entity_type}:${r.entity_id}`;

/**
 * Who receives the key: one of the unit's occupants or registered guests (the key's entities), or
 * someone else by free text, which becomes a temporary verbal permission after a confirmation
 * (a failure is only logged, document 2 section 8).
 */
export function RecipientPicker({
  building,
  keyId,
  value,
  onChange,
  dense,
}: {
  building: number;
  keyId: number;
  value: Recipient | null;
  onChange: (r: Recipient | null) => void;
  dense?: boolean;
}) {
  const entities = useKeyEntities(keyId, building);
  const [text, setText] = useState("");
  const [confirming, setConfirming] = useState(false);
  const create = useCreateVerbalPermission(building);
  const options: Recipient[] = (entities.data ?? []).map((e: KeyEntity) => ({
    entity_type: e.entity_type,
    entity_id: e.entity_id,
    name: e.name,
    description: e.description,
  }));
  if (value?.entity_type === "verbal_permission") options.push(value);

  const createPermission = () => {
    const comment = text.trim();
    if (!comment) return;
    create.mutate(
      { comment, access_key: keyId },
      {
        onSuccess: (vp) => {
          onChange(verbalPermissionRecipient(vp.id, comment));
          setText("");
          setConfirming(false);
        },
        onError: (err) => {
          // Only logged (document 2 section 8).
          console.log("verbal permission failed", err);
          setConfirming(false);
        },
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {entities.isPending ? (
        <SectionProgress label="Loading recipients" />
      ) : entities.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(entities.error))}</Alert>
      ) : (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">Recipient</FormLabel>
          {options.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No occupants or registered guests for this unit.
            </Typography>
          )}
          <RadioGroup
            value={value ? idOf(value) : ""}
            onChange={(e) => onChange(options.find((o) => idOf(o) === e.target.value) ?? null)}
          >
            {options.map((o) => (
              <FormControlLabel
                key={idOf(o)}
                value={idOf(o)}
                control={<Radio size={dense ? "small" : "medium"} />}
                label={`${o.name} (${o.description})`}
              />
            ))}
          </RadioGroup>
        </Box>
      )}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          label="Someone else"
          size="small"
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText="Gives a temporary verbal permission for this key."
          onKeyDown={(e) => {
            if (e.key === "Enter" && text.trim()) {
              e.preventDefault();
              setConfirming(true);
            }
          }}
        />
        <Button variant="outlined" disabled={!text.trim()} onClick={() => setConfirming(true)}>
          Use
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Verbal permission"
        confirmLabel="Create"
        busy={create.isPending}
        onConfirm={createPermission}
        onClose={() => setConfirming(false)}
      >
        Create a temporary verbal permission for “{text.trim()}” to receive this key?
      </ConfirmDialog>
    </Box>
  );
}
