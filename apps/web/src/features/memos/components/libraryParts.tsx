/**
 * The composer's pieces that come from the e-mail history and the template and memo-group
 * library: the history list of a tab, the library's links, the template picker and memo groups.
 */
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { MEMO_MESSAGES } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { memoGroupsPath, useMemoGroups } from "../../memo-groups/index.ts";
import { templatesPath } from "../../email-templates/index.ts";
import { fetchMatchingRecipients } from "../api.ts";
import { type ChosenRecipient, chosenOf } from "../model.ts";

export { EmailHistoryList as HistoryTab } from "../../email-history/index.ts";
export { TemplatePicker } from "../../email-templates/index.ts";

/** The managers' links to the template library and the memo groups. */
export function MemoLibraryLinks({ building }: { building: number }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button component={RouterLink} to={templatesPath(building)}>
        Templates
      </Button>
      <Button component={RouterLink} to={memoGroupsPath(building)}>
        Memo groups
      </Button>
    </Stack>
  );
}

/** Choose a memo group: its units' current residents join the recipients. */
export function MemoGroupSources({
  building,
  onAdd,
  disabled,
}: {
  building: number;
  onAdd: (recipients: ChosenRecipient[]) => void;
  disabled?: boolean;
}) {
  const groups = useMemoGroups(building);
  const [groupId, setGroupId] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const group = groups.data?.find((g) => String(g.id) === groupId);

  const add = async () => {
    if (!group) return;
    setBusy(true);
    setFailure(null);
    setNote(null);
    try {
      const ids = group.apartments.map((a) => a.id);
      const page = ids.length ? await fetchMatchingRecipients(building, { apartment_ids: ids.join(",") }) : null;
      const rows = page?.results ?? [];
      onAdd(rows.map(chosenOf));
      setNote(`${rows.length} residents of "${group.name}" added.`);
    } catch (e) {
      setFailure(`${MEMO_MESSAGES.recipientsFailed}: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box role="group" aria-labelledby="memo-groups-title" sx={{ display: "grid", gap: 1.5 }}>
      <Typography id="memo-groups-title" variant="subtitle2" component="h4">
        Memo groups
      </Typography>
      {groups.isError && <Alert severity="error">{errorMessage(groups.error)}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <TextField
          select
          label="Memo group"
          size="small"
          value={groupId}
          onChange={(e) => setGroupId(e.target.value)}
          sx={{ minWidth: 240 }}
          disabled={!groups.data?.length}
          helperText={groups.data && !groups.data.length ? "No memo groups in this building" : undefined}
        >
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={String(g.id)}>
              {g.name} ({g.apartments.length} units)
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void add()} loading={busy} disabled={disabled || !group}>
          Add group
        </Button>
        {note && (
          <Typography variant="body2" color="text.secondary" role="status">
            {note}
          </Typography>
        )}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
    </Box>
  );
}
