import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { type Club, type ClubCandidate, type ClubMember, CLUBS_MESSAGES, MESSAGES } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { DialogFormActions } from "../../../components/FormActions.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { serverErrorText } from "../../../lib/forms.ts";
import { useDebounced } from "../../../lib/useDebounced.ts";
import { useAddMember, useCandidates, useRemoveAllMembers, useRemoveMember } from "../api.ts";

export const memberName = (m: Pick<ClubMember, "first_name" | "last_name">) => `${m.first_name} ${m.last_name}`.trim();
const candidateLabel = (c: ClubCandidate) =>
  `${memberName(c)} — ${c.apartment_number}${c.building_name ? ` (${c.building_name})` : ""}`;

/** 'New member': a resident of the club's buildings found by name or apartment, added at once. */
export function NewMemberDrawer({ club, open, onClose }: { club: Club; open: boolean; onClose: () => void }) {
  return (
    <SideDrawer open={open} onClose={onClose} title="New member">
      {open && <NewMemberForm club={club} onDone={onClose} />}
    </SideDrawer>
  );
}

function NewMemberForm({ club, onDone }: { club: Club; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [input, setInput] = useState("");
  const [chosen, setChosen] = useState<ClubCandidate | null>(null);
  const search = useDebounced(input.trim());
  const candidates = useCandidates(club.id, search, true);
  const add = useAddMember(club.id);

  const submit = () => {
    if (!chosen) return;
    add.mutate(chosen.occupant_id, {
      onSuccess: () => {
        enqueueSnackbar(CLUBS_MESSAGES.memberAdded, { variant: "success" });
        onDone();
      },
    });
  };
  return (
    <Box
      component="form"
      aria-label="New member"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "grid", gap: 2 }}
    >
      <Autocomplete<ClubCandidate>
        options={candidates.data ?? []}
        value={chosen}
        onChange={(_, c) => setChosen(c)}
        inputValue={input}
        onInputChange={(_, v) => setInput(v)}
        filterOptions={(o) => o}
        loading={candidates.isFetching}
        getOptionLabel={candidateLabel}
        getOptionKey={(c) => c.occupant_id}
        isOptionEqualToValue={(a, b) => a.occupant_id === b.occupant_id}
        noOptionsText={MESSAGES.noMatchingResults}
        renderInput={(params) => <TextField {...params} autoFocus label="Resident (name or apartment)" />}
      />
      {add.isError && <Alert severity="error">{serverErrorText(add.error) || errorMessage(add.error)}</Alert>}
      <DialogFormActions onCancel={onDone} busy={add.isPending} label="Add member" submit={{ disabled: !chosen }} />
    </Box>
  );
}

/** Removing one member after an "Are you sure?". */
export function RemoveMemberDialog({
  club,
  member,
  onClose,
}: {
  club: Club;
  member: ClubMember | null;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useRemoveMember(club.id);
  return (
    <ConfirmDialog
      open={member !== null}
      title={member ? `Remove ${memberName(member)}?` : "Remove?"}
      confirmLabel="Remove"
      danger
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() =>
        member &&
        remove.mutate(member.occupant_id, {
          onSuccess: () => {
            enqueueSnackbar(CLUBS_MESSAGES.memberRemoved, { variant: "success" });
            onClose();
          },
        })
      }
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      {CLUBS_MESSAGES.confirmRemoveMember}
    </ConfirmDialog>
  );
}

/** 'Remove all members': only after typing 'remove all'. */
export function RemoveAllDialog({ club, open, onClose }: { club: Club; open: boolean; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const removeAll = useRemoveAllMembers(club.id);
  const [typed, setTyped] = useState("");
  const [warned, setWarned] = useState(false);
  const close = () => {
    removeAll.reset();
    setTyped("");
    setWarned(false);
    onClose();
  };
  const confirm = () => {
    if (typed.trim().toLowerCase() !== CLUBS_MESSAGES.removeAllPhrase) {
      setWarned(true);
      return;
    }
    removeAll.mutate(undefined, {
      onSuccess: (res) => {
        enqueueSnackbar(CLUBS_MESSAGES.allMembersRemoved(res.count), { variant: "success" });
        close();
      },
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title="Remove all members"
      confirmLabel="Remove all"
      danger
      busy={removeAll.isPending}
      error={removeAll.isError ? errorMessage(removeAll.error) : null}
      onConfirm={confirm}
      onClose={close}
    >
      {CLUBS_MESSAGES.confirmRemoveAll}
      <TextField
        label={`Type '${CLUBS_MESSAGES.removeAllPhrase}'`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={warned}
        helperText={warned ? CLUBS_MESSAGES.confirmRemoveAll : undefined}
        size="small"
        fullWidth
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}
