import { useState } from "react";
import { useSnackbar } from "notistack";
import Button from "@mui/material/Button";
import CheckIcon from "@mui/icons-material/Check";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import { serverErrorText } from "../../../lib/forms.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { useExpireInstruction } from "../api.ts";
import { INSTRUCTION_MESSAGES, type Instruction, isFoodDelivery } from "@portico/contract";

/** Create, edit and expire follow the building's instructionsettings.is_write_manager_only. */
export function useCanWriteInstructions(): boolean {
  return useCan()("instruction.create");
}

/** Expire (and Arrived). */
export function useCanExpireInstructions(): boolean {
  return useCan()("instruction.expire");
}

/**
 * 'Arrived' on a food delivery (expires it at once: the desk is handing it over), 'Expire' on any
 * other instruction (after a confirmation). Shown only while the instruction is active and to
 * those the building lets write instructions.
 */
export function ExpireButton({
  instruction,
  active,
  size = "small",
}: {
  instruction: Instruction;
  active: boolean;
  size?: "small" | "medium";
}) {
  const { id: building } = useBuilding();
  const allowed = useCanExpireInstructions();
  const expire = useExpireInstruction(building);
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!allowed || !active) return null;
  const food = isFoodDelivery(instruction);
  const who = instruction.name || instruction.instruction_type.name;
  const run = () =>
    expire.mutate(instruction.id, {
      onSuccess: () => {
        setConfirming(false);
        enqueueSnackbar(food ? `Marked arrived: ${who}` : `Expired: ${who}`, { variant: "success" });
      },
      onError: (err) => {
        const text = serverErrorText(err);
        if (food) enqueueSnackbar(text, { variant: "error" });
        else setError(text);
      },
    });
  if (food)
    return (
      <Button
        size={size}
        variant="contained"
        color="success"
        startIcon={<CheckIcon />}
        loading={expire.isPending}
        onClick={run}
        aria-label={`Arrived: ${who}, unit ${instruction.apartment_number}`}
      >
        {INSTRUCTION_MESSAGES.arrived}
      </Button>
    );
  return (
    <>
      <Button
        size={size}
        variant="outlined"
        color="error"
        startIcon={<EventBusyIcon />}
        onClick={() => setConfirming(true)}
      >
        Expire
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Expire instruction"
        confirmLabel="Expire"
        danger
        busy={expire.isPending}
        error={error}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
        onConfirm={run}
      >
        {`Expire ${who} (unit ${instruction.apartment_number}) now?`}
      </ConfirmDialog>
    </>
  );
}
