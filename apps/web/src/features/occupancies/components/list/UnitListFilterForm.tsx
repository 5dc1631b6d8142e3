import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import TuneIcon from "@mui/icons-material/Tune";
import { addressNumber, type Building, dateRangeOrder, MESSAGES, isValidDay } from "@portico/contract";
import { buildingLabel } from "../../../../lib/session.tsx";
import { useIsMobile } from "../../../../lib/useIsMobile.ts";
import { DateField } from "../../../../components/DateField.tsx";
import { FilterBar, FilterChecks } from "../../../../components/FilterBar.tsx";
import { ALL_BUILDINGS, countExtraFilters, sameFilters, type UnitListFilters } from "./unitListState.ts";
import { FormTextField } from "../../../../components/FormFields.tsx";

const day = z.string().refine((v) => v === "" || isValidDay(v), MESSAGES.invalidDate);
export const filterSchema = z
  .object({
    search: z.string(),
    phone: z.string(),
    display_vacant: z.boolean(),
    min_lease_start_date: day,
    max_lease_start_date: day,
    buildings: z.array(z.string()),
    active_only: z.boolean(),
    balcony_only: z.boolean(),
  })
  .superRefine(dateRangeOrder([["min_lease_start_date", "max_lease_start_date"]]));

const SELECT_ALL = "__select_all__";

/** The fields in the order they are shown (the first with an error gets the focus). */
const FIELD_ORDER = [
  "search",
  "phone",
  "min_lease_start_date",
  "max_lease_start_date",
  "buildings",
  "display_vacant",
  "active_only",
  "balcony_only",
] as const;

export interface UnitListFilterFormProps {
  /** The page's building (what an empty building choice means). */
  building: number;
  /** Buildings the user may reach. */
  buildings: readonly Building[];
  values: UnitListFilters;
  /** Changes whenever `values` do (the URL's query string). */
  valuesKey: string;
  onSearch: (values: UnitListFilters) => void;
  onReset: () => void;
}

/**
 * The unit list's filters: text (unit, name, e-mail), phone (digits), lease start range (an end
 * before the start is refused under 'Lease start to'),
 * buildings (with 'Select all'), and the vacant / active / balcony switches. Text is searched
 * with Enter or Search; the check boxes, dates and buildings search at once.
 */
export function UnitListFilterForm({
  building,
  buildings,
  values,
  valuesKey,
  onSearch,
  onReset,
}: UnitListFilterFormProps) {
  const uid = useId();
  const form = useForm<UnitListFilters>({
    mode: "onChange",
    resolver: zodResolver(filterSchema),
    defaultValues: values,
  });
  const { control, handleSubmit, reset, formState } = form;

  // What this form last searched for: its own search coming back through the URL must not
  // reset the form (the user may already be typing the next thing).
  const searched = useRef<UnitListFilters | null>(null);
  useEffect(() => {
    const echo = searched.current !== null && sameFilters(searched.current, values);
    searched.current = null;
    if (echo) return;
    reset(values);
    // A URL with a bad date or a reversed range shows its message at once.
    if (values.min_lease_start_date || values.max_lease_start_date)
      void form.trigger(["min_lease_start_date", "max_lease_start_date"]);
    // `values` is rebuilt on every render; valuesKey says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey]);

  // Phones: the text search first; the other filters one tap away.
  const isMobile = useIsMobile();
  const [moreOpen, setMoreOpen] = useState(false);
  const collapsed = isMobile && !moreOpen;
  const extras = countExtraFilters(values);

  const sorted = useMemo(
    () => [...buildings].sort((a, b) => addressNumber(a.address) - addressNumber(b.address)),
    [buildings],
  );
  const allIds = sorted.map((b) => String(b.id));
  const submit = handleSubmit((filters) => {
    searched.current = filters;
    onSearch(filters);
  });
  /** Discrete choices search at once (with whatever text is typed). */
  const searchNow = () => void submit();

  /** The select's value: empty means this building; 'all' means every one. */
  const shownBuildings = (v: string[]) =>
    v.length === 0 ? [String(building)] : v.includes(ALL_BUILDINGS) ? allIds : v;

  const searchField = (name: "search" | "phone", label: string, slotProps?: TextFieldProps["slotProps"]) => (
    <FormTextField
      control={control}
      name={name}
      id={`${uid}-${name}`}
      type="search"
      label={label}
      slotProps={slotProps}
      fullWidth
    />
  );

  const check = (name: "display_vacant" | "active_only" | "balcony_only", label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              slotProps={{ input: { ref: field.ref } }}
              checked={field.value}
              onChange={(e) => {
                field.onChange(e.target.checked);
                searchNow();
              }}
            />
          }
          label={label}
        />
      )}
    />
  );

  return (
    <FilterBar
      label="Unit profile filters"
      onSubmit={submit}
      onReset={onReset}
      errorFields={FIELD_ORDER.filter((name) => formState.errors[name])}
      size={isMobile ? "medium" : "large"}
      extraButtons={
        isMobile && (
          <Button
            aria-expanded={!collapsed}
            aria-controls={`${uid}-more`}
            startIcon={<TuneIcon />}
            onClick={() => setMoreOpen((v) => !v)}
            sx={{ mr: "auto", whiteSpace: "nowrap" }}
          >
            {collapsed ? `More filters${extras ? ` (${extras})` : ""}` : "Fewer filters"}
          </Button>
        )
      }
    >
      {searchField("search", "Unit, name or email")}
      <Box id={`${uid}-more`} sx={{ display: collapsed ? "none" : "contents" }}>
        {searchField("phone", "Phone", { htmlInput: { inputMode: "tel" } })}
        {(["min_lease_start_date", "max_lease_start_date"] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            // The range rule sits on 'Lease start to': a new start checks it again.
            rules={name === "min_lease_start_date" ? { deps: ["max_lease_start_date"] } : undefined}
            render={({ field, fieldState }) => (
              <DateField
                id={`${uid}-${name}`}
                name={name}
                label={name === "min_lease_start_date" ? "Lease start from" : "Lease start to"}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(v) => {
                  field.onChange(v);
                  // searchNow validates first: a reversed range shows its message instead.
                  if (v === "" || isValidDay(v)) searchNow();
                }}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
        {sorted.length > 1 && (
          <Controller
            control={control}
            name="buildings"
            render={({ field }) => {
              const shown = shownBuildings(field.value);
              const everything = shown.length === allIds.length;
              return (
                <TextField
                  select
                  id={`${uid}-buildings`}
                  label="Buildings"
                  value={shown}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  fullWidth
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => {
                        const ids = selected as string[];
                        if (ids.length === allIds.length) return "All buildings";
                        return sorted
                          .filter((b) => ids.includes(String(b.id)))
                          .map((b) => buildingLabel(b))
                          .join(", ");
                      },
                      onChange: (e) => {
                        const raw = e.target.value;
                        const picked = typeof raw === "string" ? raw.split(",") : (raw as string[]);
                        let next: string[];
                        if (picked.includes(SELECT_ALL)) next = everything ? [String(building)] : [ALL_BUILDINGS];
                        else if (picked.length === 0) next = [String(building)];
                        else if (picked.length === allIds.length) next = [ALL_BUILDINGS];
                        else next = allIds.filter((id) => picked.includes(id));
                        field.onChange(next);
                        searchNow();
                      },
                    },
                  }}
                >
                  <MenuItem value={SELECT_ALL}>
                    <Checkbox
                      checked={everything}
                      indeterminate={!everything && shown.length > 0}
                      size="small"
                      tabIndex={-1}
                      slotProps={{ input: { "aria-hidden": true } }}
                    />
                    <ListItemText primary="Select all" />
                  </MenuItem>
                  {sorted.map((b) => (
                    <MenuItem key={b.id} value={String(b.id)}>
                      <Checkbox
                        checked={shown.includes(String(b.id))}
                        size="small"
                        tabIndex={-1}
                        slotProps={{ input: { "aria-hidden": true } }}
                      />
                      <ListItemText primary={buildingLabel(b)} secondary={b.name ? b.address : undefined} />
                    </MenuItem>
                  ))}
                </TextField>
              );
            }}
          />
        )}
        <FilterChecks span={sorted.length > 1 ? 2 : 3}>
          {check("display_vacant", "Display vacant units")}
          {check("active_only", "Active only")}
          {check("balcony_only", "Balcony only")}
        </FilterChecks>
      </Box>
    </FilterBar>
  );
}
