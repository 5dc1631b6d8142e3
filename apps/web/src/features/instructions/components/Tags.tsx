import Chip from "@mui/material/Chip";
import DoNotDisturbIcon from "@mui/icons-material/DoNotDisturbOn";
import { INSTRUCTION_MESSAGES } from "@portico/contract";
import type { InstructionFacts } from "../model.ts";

/** An outlined tag: dark text (readable on white) inside a border of its colour. */
const tag = (color: "warning" | "info" | "error") => ({
  color: "text.primary",
  borderColor: `${color}.main`,
  "& .MuiChip-icon": { color: `${color}.main` },
});

/** 'Expires tonight at midnight', Long term, New and (when not active) the status. */
export function InstructionTags({
  facts: f,
  status = "inactive",
}: {
  facts: InstructionFacts;
  status?: "inactive" | "always";
}) {
  return (
    <>
      {(status === "always" || !f.active) && (
        <Chip size="small" color={f.active ? "success" : "default"} label={f.status} />
      )}
      {f.expiresTonight && (
        <Chip size="small" variant="outlined" sx={tag("warning")} label={INSTRUCTION_MESSAGES.expiresTonight} />
      )}
      {f.longTerm && f.active && (
        <Chip size="small" variant="outlined" sx={tag("info")} label={INSTRUCTION_MESSAGES.longTerm} />
      )}
      {f.isNew && <Chip size="small" color="success" label="New" />}
    </>
  );
}

/** The unit asked not to be disturbed. */
export function DoNotDisturbTag() {
  return (
    <Chip size="small" variant="outlined" icon={<DoNotDisturbIcon />} label="Do not disturb" sx={tag("warning")} />
  );
}
