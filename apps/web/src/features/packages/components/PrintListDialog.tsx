import { useId, useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import {
  PRINT_INVENTORY_DEFAULTS,
  PRINT_INVENTORY_FILTER_LABELS,
  PRINT_INVENTORY_FILTERS,
  PRINT_INVENTORY_GROUP_BY,
  PRINT_INVENTORY_GROUP_BY_LABELS,
  PRINT_INVENTORY_SORT_ORDER_LABELS,
  PRINT_INVENTORY_SORT_ORDERS,
  type PrintInventoryQuery,
} from "@portico/contract";

function Choice<T extends string>({
  label,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  const id = useId();
  return (
    <FormControl sx={{ mb: 2, display: "block" }}>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {values.map((v) => (
          <FormControlLabel key={v} value={v} control={<Radio />} label={labels[v]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The list's choices, in order, each with its values' labels. */
const CHOICES = [
  { key: "groupBy", label: "Sort by", values: PRINT_INVENTORY_GROUP_BY, labels: PRINT_INVENTORY_GROUP_BY_LABELS },
  {
    key: "sortOrder",
    label: "Sort order",
    values: PRINT_INVENTORY_SORT_ORDERS,
    labels: PRINT_INVENTORY_SORT_ORDER_LABELS,
  },
  { key: "filterBy", label: "Include", values: PRINT_INVENTORY_FILTERS, labels: PRINT_INVENTORY_FILTER_LABELS },
] as const;

/** The grid's "Print list" filter: Sort by, Sort order, Include. */
export function PrintListDialog({
  open,
  onClose,
  onPrint,
}: {
  open: boolean;
  onClose: () => void;
  onPrint: (q: PrintInventoryQuery) => void;
}) {
  const titleId = useId();
  const [q, setQ] = useState<PrintInventoryQuery>(PRINT_INVENTORY_DEFAULTS);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Print list</DialogTitle>
      <DialogContent>
        {CHOICES.map((c) => (
          <Choice<string>
            key={c.key}
            label={c.label}
            values={c.values}
            labels={c.labels}
            value={q[c.key]}
            onChange={(v) => setQ({ ...q, [c.key]: v })}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onPrint(q)}>
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
}
