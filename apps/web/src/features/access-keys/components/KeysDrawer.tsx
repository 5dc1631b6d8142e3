import { useState } from "react";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useCloseOnNavigate } from "../../../lib/useCloseOnNavigate.ts";
import { keyPaths } from "../model.ts";
import { CheckKeyPanel } from "./CheckKeyPanel.tsx";
import { KeyInPanel } from "./KeyInPanel.tsx";
import { KeyOutWizard } from "./KeyOutWizard.tsx";
import { RegisterKeysPanel } from "./RegisterKeysPanel.tsx";

type Mode = "out" | "in" | "check" | "register";

const MODES: { mode: Mode; label: string }[] = [
  { mode: "out", label: "OUT" },
  { mode: "in", label: "IN" },
  { mode: "check", label: "Check Key" },
  { mode: "register", label: "Register Keys" },
];

export interface KeysDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The Keys drawer of the top navigation (document 2 section 2): OUT (the four-step wizard),
 * Multi-OUT (the batch-out page), IN, Check Key and Register Keys. Only shown when the building
 * has access keys (the nav item asks can('nav.keys')).
 */
export default function KeysDrawer({ open, onClose }: KeysDrawerProps) {
  const { id: building } = useBuilding();
  const can = useCan();
  const [mode, setMode] = useState<Mode | null>(null);
  // The panel starts afresh each time it is chosen.
  const [round, setRound] = useState(0);
  useCloseOnNavigate(onClose);
  const choose = (m: Mode) => {
    setMode(m);
    setRound((r) => r + 1);
  };
  // A drawer brought back after a reload in a building without keys shows nothing.
  if (!can("key.use")) return null;
  return (
    <SideDrawer open={open} onClose={onClose} title="Keys" width={520}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label="Key actions">
        {MODES.slice(0, 1).map(({ mode: m, label }) => (
          <ModeButton key={m} label={label} active={mode === m} onClick={() => choose(m)} />
        ))}
        <Button variant="outlined" component={RouterLink} to={keyPaths.batchOut(building)}>
          Multi-OUT
        </Button>
        {MODES.slice(1).map(({ mode: m, label }) => (
          <ModeButton key={m} label={label} active={mode === m} onClick={() => choose(m)} />
        ))}
      </Stack>
      <Divider />
      {mode === "out" && <KeyOutWizard key={round} building={building} onDone={() => setMode(null)} />}
      {mode === "in" && <KeyInPanel key={round} building={building} />}
      {mode === "check" && <CheckKeyPanel key={round} building={building} />}
      {mode === "register" && <RegisterKeysPanel key={round} building={building} />}
    </SideDrawer>
  );
}

function ModeButton({ label, active, onClick }: { label: string; active: boolean; onClick: () => void }) {
  return (
    <Button variant={active ? "contained" : "outlined"} aria-pressed={active} onClick={onClick}>
      {label}
    </Button>
  );
}
