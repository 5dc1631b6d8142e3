import { useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import EditIcon from "@mui/icons-material/Edit";
import { type AccessKey, MESSAGES } from "@portico/contract";
import { useUpdateKey } from "../api.ts";

/**
 * The key's name, edited in place (document 3 sections 2, 5): Enter or leaving the field saves,
 * Escape or an unchanged value just closes; '{label} successfully updated.', or on failure
 * 'Error when attempting to update {label}. Please retry in 10 seconds.' and the old name back.
 */
export function KeyNameEditor({ accessKey: k, building }: { accessKey: AccessKey; building: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateKey(building);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(k.name);
  // What is shown: the saved name, or the new one while it is being saved.
  const [shown, setShown] = useState<string | null>(null);

  const close = () => setEditing(false);
  const save = () => {
    const name = draft.trim();
    close();
    if (!name || name === k.name) return;
    setShown(name);
    update.mutate(
      { id: k.id, body: { name } },
      {
        onSuccess: () => enqueueSnackbar(MESSAGES.inlineEditSaved("Name"), { variant: "success" }),
        onError: () => enqueueSnackbar(MESSAGES.inlineEditFailed("name"), { variant: "error" }),
        onSettled: () => setShown(null),
      },
    );
  };

  if (editing)
    return (
      <TextField
        autoFocus
        label="Key name"
        size="small"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            save();
          } else if (e.key === "Escape") {
            e.preventDefault();
            close();
          }
        }}
      />
    );
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Typography variant="h1">Key {shown ?? k.name}</Typography>
      <IconButton
        aria-label="Rename"
        onClick={() => {
          setDraft(k.name);
          setEditing(true);
        }}
        disabled={update.isPending}
      >
        <EditIcon />
      </IconButton>
    </Box>
  );
}
