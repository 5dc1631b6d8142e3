import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import type { Instruction } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useInstruction } from "../api.ts";
import { factsOf, instructionPaths } from "../model.ts";
import { ExpireButton } from "./ExpireButton.tsx";
import { InstructionFacts } from "./InstructionFacts.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";

/** One instruction in a drawer (the dashboard's cards open it), linking to its page. */
export function InstructionDrawer({
  instruction,
  building,
  timeZone,
  onClose,
}: {
  instruction: Instruction | null;
  building: number;
  timeZone?: string;
  onClose: () => void;
}) {
  // The card's copy at once, then the instruction as it is now (after Arrived or Expire too).
  const fresh = useInstruction(instruction?.id ?? 0, building);
  const shown = instruction && fresh.data?.id === instruction.id ? fresh.data : instruction;
  return (
    <SideDrawer
      open={instruction !== null}
      onClose={onClose}
      title={shown ? shown.name || shown.instruction_type.name : "Instruction"}
      width={560}
    >
      {shown && (
        <>
          <InstructionFacts instruction={shown} building={building} timeZone={timeZone} />
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <Button
              component={RouterLink}
              to={instructionPaths.detail(building, shown.id)}
              variant="outlined"
              startIcon={<OpenInNewIcon />}
            >
              Open instruction page
            </Button>
            <ExpireButton instruction={shown} active={factsOf(shown, timeZone).active} size="medium" />
          </Box>
        </>
      )}
    </SideDrawer>
  );
}
