import { useEffect, useRef, type FormEventHandler, type ReactNode, type Ref } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import SearchIcon from "@mui/icons-material/Search";
import { DateField } from "./DateField.tsx";

export interface FilterBarProps {
  /** The search region's accessible name, e.g. 'Shift log filters'. */
  label: string;
  children: ReactNode;
  /** The form's submit (Search, or Enter in a field). Without it the filters apply as they change. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onReset?: () => void;
  /**
   * Names of the fields that have an error, in the order they are shown. Search waits while
   * there are any; errors that arrive while the user is elsewhere (a URL, Back) move the focus
   * to the first errored field.
   */
  errorFields?: readonly string[];
  /** Buttons before Reset (e.g. 'More filters' on phones). */
  extraButtons?: ReactNode;
  /** Columns of the grid from the widest screens down. */
  columns?: { xs?: number; sm?: number; md?: number; lg?: number };
  size?: "medium" | "large";
}

const template = (n: number) => (n === 1 ? "minmax(0, 1fr)" : `repeat(${n}, minmax(0, 1fr))`);

/** The first field named `name` inside the form that can take focus. */
function fieldOf(form: HTMLFormElement, name: string): HTMLElement | null {
  const el = form.querySelector<HTMLElement>(`[name="${name.replace(/["\\]/g, "\\$&")}"]`);
  if (!el) return null;
  // A hidden input (a select's value) gives its focus to the visible control beside it.
  if (el instanceof HTMLInputElement && (el.type === "hidden" || el.getAttribute("aria-hidden") === "true")) {
    return el.parentElement?.querySelector<HTMLElement>('[role="combobox"], [tabindex="0"]') ?? null;
  }
  return el;
}

/** Focus the first errored field of the form; true when one took it. */
export function focusFirstError(form: HTMLFormElement | null, names: readonly string[]): boolean {
  if (!form) return false;
  for (const name of names) {
    const el = fieldOf(form, name);
    if (el) {
      el.focus();
      return document.activeElement === el;
    }
  }
  return false;
}

/**
 * A list's filters: a search region laid out in a responsive grid, with Reset and Search.
 * The fields (and their messages under them) are the page's; FilterBar lays them out, keeps
 * Search waiting while any has an error and brings the focus to the first errored field.
 */
export function FilterBar({
  label,
  children,
  onSubmit,
  onReset,
  errorFields = [],
  extraButtons,
  columns = { xs: 1, sm: 2, lg: 4 },
  size = "large",
}: FilterBarProps) {
  const form = useRef<HTMLFormElement>(null);
  const errors = errorFields.join(",");
  useEffect(() => {
    if (!errors || !form.current) return;
    // The user is in the form fixing it: leave the focus where it is.
    if (form.current.contains(document.activeElement)) return;
    focusFirstError(form.current, errors.split(","));
  }, [errors]);

  const submit: FormEventHandler<HTMLFormElement> = (e) => {
    if (errorFields.length) {
      e.preventDefault();
      focusFirstError(form.current, errorFields);
      return;
    }
    if (onSubmit) onSubmit(e);
    else e.preventDefault();
  };
  const gridColumns = Object.fromEntries(Object.entries(columns).map(([bp, n]) => [bp, template(n)]));

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        ref={form}
        role="search"
        aria-label={label}
        noValidate
        onSubmit={submit}
        sx={{ display: "grid", gap: 2, gridTemplateColumns: gridColumns, alignItems: "start" }}
      >
        {children}
        {(onSubmit || onReset || extraButtons) && (
          <Box
            sx={{
              display: "flex",
              flexWrap: "wrap",
              alignItems: "center",
              justifyContent: "flex-end",
              gap: 1,
              minHeight: 56,
              gridColumn: "-2 / -1",
            }}
          >
            {extraButtons}
            {onReset && <Button onClick={onReset}>Reset</Button>}
            {onSubmit && (
              <Button
                type="submit"
                variant="contained"
                size={size}
                startIcon={<SearchIcon />}
                disabled={errorFields.length > 0}
              >
                Search
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Paper>
  );
}

export interface Choice {
  value: string;
  label: ReactNode;
}

export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  /** The label of the empty value ('All types'), shown even when nothing is chosen. */
  emptyLabel?: string;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** One choice among a list (with an optional 'All …' empty value). */
export function SelectFilter({
  label,
  value,
  onChange,
  choices,
  emptyLabel,
  id,
  name,
  inputRef,
  onBlur,
}: SelectFilterProps) {
  return (
    <TextField
      select
      fullWidth
      id={id}
      name={name}
      label={label}
      value={value}
      inputRef={inputRef}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value)}
      slotProps={
        emptyLabel === undefined ? undefined : { inputLabel: { shrink: true }, select: { displayEmpty: true } }
      }
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The row of checkboxes at the end of a filter bar, spanning `span` grid columns on wide screens. */
export function FilterChecks({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        columnGap: 1,
        minHeight: 56,
        gridColumn: { lg: `span ${span}` },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The date filters of a FilterBar, bound to its draft: `date("from", "From")` is the picker of
 * the draft's `from`, its change and its error.
 */
export function dateFilters<K extends string>(
  draft: Record<K, string>,
  put: (k: K, v: string) => void,
  errors: Partial<Record<K, string>>,
) {
  return function date(name: K, label: string) {
    return (
      <DateField
        key={name}
        label={label}
        name={name}
        value={draft[name]}
        onChange={(v) => put(name, v)}
        error={errors[name]}
      />
    );
  };
}
