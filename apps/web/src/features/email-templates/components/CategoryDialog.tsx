import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { EMAIL_TEMPLATE_LIMITS, EMAIL_TEMPLATE_MESSAGES as M } from "@portico/contract";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import type { CategoryOption } from "../model.ts";

/** What a dialog asks: a title (new category, rename, new template) or a place (move). */
export interface CategoryDialogProps {
  title: string;
  /** Ask a title (initial value); undefined: no title field. */
  name?: string;
  nameLabel?: string;
  /** Ask a category among these (initial choice; null: top level when allowed). */
  place?: { value: number | null; options: CategoryOption[]; allowTop: boolean; label: string; field: string };
  onSubmit: (v: { name: string; place: number | null }) => Promise<unknown>;
  onClose: () => void;
}

/** A small dialog of the template library: a title and/or a category, server errors under them. */
export function CategoryDialog({ title, name, nameLabel = "Title", place, onSubmit, onClose }: CategoryDialogProps) {
  const [value, setValue] = useState(name ?? "");
  const [where, setWhere] = useState<string>(place?.value == null ? "" : String(place.value));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: value, place: where === "" ? null : Number(where) });
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const nameError = error ? serverFieldText(error, "title") : "";
  const placeError = error && place ? serverFieldText(error, place.field) : "";
  const other = error ? serverErrorText(error, ["title", place?.field ?? ""]) : "";
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        {name !== undefined && (
          <TextField
            label={nameLabel}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            autoFocus
            error={!!nameError}
            helperText={nameError || undefined}
            slotProps={{ htmlInput: { maxLength: EMAIL_TEMPLATE_LIMITS.title } }}
          />
        )}
        {place && (
          <TextField
            select
            label={place.label}
            value={where}
            onChange={(e) => setWhere(e.target.value)}
            error={!!placeError}
            helperText={placeError || undefined}
          >
            {place.allowTop && <MenuItem value="">{M.topLevel}</MenuItem>}
            {place.options.map((o) => (
              <MenuItem key={o.id} value={String(o.id)} sx={{ pl: 2 + o.depth * 2 }}>
                {o.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        {other && !nameError && !placeError && <Alert severity="error">{other}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
