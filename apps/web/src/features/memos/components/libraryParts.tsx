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
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { memoGroupsPath, useMemoGroups } from "../../memo-groups/index.ts";
import { templatesPath } from "../../email-templates/index.ts";
import type { ChosenRecipient } from "../model.ts";
import { useRecipientAdder } from "./useRecipientAdder.tsx";

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
  const adder = useRecipientAdder(building, onAdd);
  const group = groups.data?.find((g) => String(g.id) === groupId);
  const add = () => {
    if (!group?.apartments.length) return;
    void adder.run(
      { apartment_ids: group.apartments.map((a) => a.id).join(",") },
      (n) => `${n} residents of "${group.name}" added.`,
    );
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
        <Button variant="outlined" onClick={add} loading={adder.busy} disabled={disabled || !group?.apartments.length}>
          Add group
        </Button>
        {adder.status}
      </Stack>
      {adder.alert}
    </Box>
  );
}
