import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import DeleteIcon from "@mui/icons-material/Delete";
import { type AccessKey, KEY_LIMITS, KEY_MESSAGES } from "@portico/contract";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { useKeyEntities } from "../api.ts";
import type { BatchRow, Recipient } from "../model.ts";

const idOf = (r: Pick<Recipient, "entity_type" | "entity_id">) => `${r.entity_type}:${r.entity_id}`;

/** One row of the batch-out form: unit, key (the unit's keys that are in), recipient or comment, remove. */
export function BatchRowFields({
  index,
  row,
  building,
  keys,
  duplicate,
  partial,
  canRemove,
  onChange,
  onRemove,
}: {
  index: number;
  row: BatchRow;
  building: number;
  /** The building's keys that are in. */
  keys: readonly AccessKey[];
  duplicate: boolean;
  partial: boolean;
  canRemove: boolean;
  onChange: (row: BatchRow) => void;
  onRemove: () => void;
}) {
  const unitKeys = row.apartment === null ? [] : keys.filter((k) => k.apartment_id === row.apartment);
  const entities = useKeyEntities(row.key, building);
  const options: Recipient[] = (entities.data ?? []).map((e) => ({
    entity_type: e.entity_type,
    entity_id: e.entity_id,
    name: e.name,
    description: e.description,
  }));
  const n = index + 1;
  return (
    <Box
      role="group"
      aria-label={`Row ${n}`}
      data-testid="batch-row"
      sx={{
        display: "grid",
        gap: 1,
        alignItems: "start",
        gridTemplateColumns: {
          xs: "1fr",
          md: "minmax(120px, 1fr) minmax(140px, 1fr) minmax(180px, 1.3fr) minmax(180px, 1.3fr) auto",
        },
      }}
    >
      <UnitPicker
        building={building}
        by="apartment"
        size="small"
        name={`apartment-${n}`}
        value={row.apartment}
        error={partial && row.apartment === null ? "Choose a unit" : undefined}
        onChange={(apartment) => onChange({ ...row, apartment, key: null, recipient: null })}
      />
      <TextField
        select
        size="small"
        label="Key"
        value={row.key ?? ""}
        disabled={unitKeys.length === 0}
        error={duplicate || (partial && row.key === null)}
        helperText={
          duplicate
            ? KEY_MESSAGES.duplicateKey
            : row.apartment !== null && unitKeys.length === 0
              ? KEY_MESSAGES.noAvailableKey
              : partial && row.key === null
                ? "Choose a key"
                : undefined
        }
        onChange={(e) => onChange({ ...row, key: Number(e.target.value), recipient: null })}
      >
        {unitKeys.map((k) => (
          <MenuItem key={k.id} value={k.id}>
            {k.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Recipient"
        value={row.recipient ? idOf(row.recipient) : ""}
        disabled={row.key === null || options.length === 0}
        onChange={(e) =>
          onChange({ ...row, recipient: options.find((o) => idOf(o) === e.target.value) ?? null, comment: "" })
        }
      >
        <MenuItem value="">None</MenuItem>
        {options.map((o) => (
          <MenuItem key={idOf(o)} value={idOf(o)}>
            {o.name} ({o.description})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Or comment"
        value={row.comment}
        disabled={row.recipient !== null}
        error={partial && row.recipient === null && !row.comment.trim()}
        helperText={
          partial && row.recipient === null && !row.comment.trim() ? "Choose a recipient or write a comment" : undefined
        }
        onChange={(e) => onChange({ ...row, comment: e.target.value })}
        slotProps={{ htmlInput: { maxLength: KEY_LIMITS.comment } }}
      />
      <IconButton aria-label={`Remove row ${n}`} onClick={onRemove} disabled={!canRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}
