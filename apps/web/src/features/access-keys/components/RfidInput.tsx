import { useEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import NfcIcon from "@mui/icons-material/Nfc";
import { normalizeRfid } from "@portico/contract";

/**
 * Where a key is scanned: the reader types the tag and presses Enter, or the desk types it by
 * hand (document 2 section 2: trimmed, submitted on Enter). Focused when shown, so the reader's
 * keystrokes land here.
 */
export function RfidInput({
  onScan,
  label = "Scan key (RFID)",
  disabled,
  busy,
  error,
  autoFocus = true,
}: {
  onScan: (rfid: string) => void;
  label?: string;
  disabled?: boolean;
  busy?: boolean;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const [value, setValue] = useState("");
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus && !disabled) ref.current?.focus();
  }, [autoFocus, disabled]);
  const submit = () => {
    const rfid = normalizeRfid(value);
    if (!rfid || disabled || busy) return;
    setValue("");
    onScan(rfid);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}
    >
      <TextField
        inputRef={ref}
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={disabled}
        error={!!error}
        helperText={error ?? "Hold the key to the reader, or type its tag and press Enter."}
        autoComplete="off"
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Button type="submit" variant="outlined" startIcon={<NfcIcon />} disabled={disabled} loading={busy}>
        Scan
      </Button>
    </Box>
  );
}
