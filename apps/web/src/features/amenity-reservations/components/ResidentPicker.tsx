import { forwardRef, useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { type ClubCandidate, MESSAGES } from "@portico/contract";
import { api, type Page } from "../../../lib/api.ts";

export interface PickedResident {
  occupant_id: number;
  apartment_id: number | null;
  label: string;
}

const SEARCH_DEBOUNCE_MS = 250;

const labelOf = (c: Pick<ClubCandidate, "apartment_number" | "first_name" | "last_name">) =>
  `${c.apartment_number} - ${c.first_name} ${c.last_name}`.trim();

/**
 * A resident of the amenity's club's buildings, by name or apartment: the club's members and the
 * residents who are not members yet (GET /clubs/clubs/{id}/members/?search and /quick-search/).
 */
export const ResidentPicker = forwardRef<
  HTMLInputElement,
  {
    club: number | null;
    value: PickedResident | null;
    onChange: (v: PickedResident | null) => void;
    onBlur?: () => void;
    error?: string;
    disabled?: boolean;
    name?: string;
  }
>(function ResidentPicker({ club, value, onChange, onBlur, error, disabled, name }, ref) {
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);
  const query = useQuery({
    queryKey: ["amenity-reservations", "residents", club, search],
    enabled: club !== null,
    queryFn: async ({ signal }) => {
      const [members, others] = await Promise.all([
        api
          .get<Page<ClubCandidate> | ClubCandidate[]>(`/clubs/clubs/${club}/members/`, { search, limit: 30 }, signal)
          .catch(() => [] as ClubCandidate[]),
        api
          .get<ClubCandidate[]>(`/clubs/clubs/${club}/quick-search/`, { search, limit: 30 }, signal)
          .catch(() => [] as ClubCandidate[]),
      ]);
      const all = [...(Array.isArray(members) ? members : members.results), ...others];
      const seen = new Set<number>();
      return all.flatMap((c): PickedResident[] => {
        if (seen.has(c.occupant_id)) return [];
        seen.add(c.occupant_id);
        return [{ occupant_id: c.occupant_id, apartment_id: c.apartment_id, label: labelOf(c) }];
      });
    },
  });
  const options = useMemo(() => {
    const found = query.data ?? [];
    return value && !found.some((o) => o.occupant_id === value.occupant_id) ? [value, ...found] : found;
  }, [query.data, value]);
  return (
    <Autocomplete<PickedResident>
      options={options}
      value={value}
      disabled={disabled || club === null}
      loading={query.isFetching}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.occupant_id === b.occupant_id}
      noOptionsText={MESSAGES.noMatchingResults}
      onInputChange={(_, v, reason) => {
        if (reason === "input") setInput(v);
      }}
      onChange={(_, v) => onChange(v)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name ?? "occupant_id"}
          inputRef={ref}
          label="Resident"
          required
          size="small"
          error={!!error}
          helperText={error ?? "Name or apartment"}
        />
      )}
    />
  );
});
