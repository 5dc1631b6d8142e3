import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import Divider from "@mui/material/Divider";
import TextField from "@mui/material/TextField";
import AddIcon from "@mui/icons-material/Add";
import {
  FOOD_DELIVERY_DRAWER_LIMIT,
  FOOD_DELIVERY_TYPE_ID,
  INSTRUCTION_DEFAULT_ORDERING,
  INSTRUCTION_LIMITS,
  INSTRUCTION_REFETCH,
  MESSAGES,
} from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { useCloseOnNavigate } from "../../../lib/useCloseOnNavigate.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useCreateInstruction, useInstructions } from "../api.ts";
import { InstructionCardGrid } from "./InstructionCardGrid.tsx";
import { ApartmentSearch, SideDrawer } from "../../../components/SideDrawer.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { useDebounced } from "../../../lib/useDebounced.ts";

export interface FoodDeliveryDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The expected food deliveries (document 1 sections 2.1, 7; document 2 section 4), opened by the
 * top navigation's Food delivery button: the building's current deliveries as cards (search by
 * apartment or resident, 50 at most, refreshed every 20 minutes) with 'Arrived', and a quick add
 * (unit, restaurant, note) that expires tonight.
 */
export default function FoodDeliveryDrawer({ open, onClose }: FoodDeliveryDrawerProps) {
  const can = useCan();
  const { id: building, building: info } = useBuilding();
  const [text, setText] = useState("");
  const term = useDebounced(text.trim());
  // Following a link out of the drawer (a unit) closes it.
  useCloseOnNavigate(onClose);
  const deliveries = useInstructions(
    {
      building,
      food_delivery: true,
      status: "active",
      occupancy__is_active: true,
      limit: FOOD_DELIVERY_DRAWER_LIMIT,
      ordering: INSTRUCTION_DEFAULT_ORDERING,
      search: term || undefined,
    },
    { enabled: open, refetchEvery: INSTRUCTION_REFETCH.foodDeliveries },
  );
  if (!can("nav.food_delivery")) return null;

  return (
    <SideDrawer open={open} onClose={onClose} title="Expected food deliveries">
      {can("instruction.create") && <QuickAdd building={building} timeZone={info?.time_zone} />}
      <Divider />
      <ApartmentSearch value={text} onChange={setText} />
      <LoadedList
        query={deliveries}
        items={deliveries.data?.results}
        loadingLabel="Loading food deliveries"
        empty={term ? MESSAGES.noMatchingResults : "No food deliveries expected"}
      >
        {(rows) => (
          <InstructionCardGrid
            instructions={rows}
            building={building}
            timeZone={info?.time_zone}
            label="Expected food deliveries"
            columns={1}
          />
        )}
      </LoadedList>
    </SideDrawer>
  );
}

/** A food delivery in three fields: the unit, the restaurant and a note; it expires tonight. */
function QuickAdd({ building, timeZone }: { building: number; timeZone?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateInstruction(building);
  const [shown, setShown] = useState(false);
  const [occupancy, setOccupancy] = useState<number | null>(null);
  const [restaurant, setRestaurant] = useState("");
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState<{ occupancy?: string; name?: string }>({});
  const error = create.error;
  const fieldError = (f: "occupancy" | "name") => missing[f] ?? (serverFieldText(error, f) || undefined);
  const other = error ? serverErrorText(error, ["occupancy", "name", "instruction_text"]) : "";

  const add = () => {
    const need = {
      occupancy: occupancy === null ? MESSAGES.fieldRequired : undefined,
      name: restaurant.trim() ? undefined : MESSAGES.fieldRequired,
    };
    setMissing(need);
    if (need.occupancy || need.name) return;
    const today = dayInZone(timeZone);
    create.mutate(
      {
        occupancy: occupancy!,
        instruction_type: FOOD_DELIVERY_TYPE_ID,
        name: restaurant.trim(),
        instruction_text: note,
        start_date: today,
        expiration_date: today,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(MESSAGES.dataSaved, { variant: "success" });
          setOccupancy(null);
          setRestaurant("");
          setNote("");
          create.reset();
        },
      },
    );
  };

  if (!shown)
    return (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setShown(true)} sx={{ justifySelf: "start" }}>
        Add food delivery
      </Button>
    );
  return (
    <Collapse in appear>
      <Box
        component="form"
        aria-label="Add food delivery"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
        sx={{ display: "grid", gap: 1.5 }}
      >
        <UnitPicker
          building={building}
          value={occupancy}
          onChange={setOccupancy}
          error={fieldError("occupancy")}
          required
          size="small"
        />
        <TextField
          label="Restaurant"
          size="small"
          required
          value={restaurant}
          onChange={(e) => setRestaurant(e.target.value)}
          error={!!fieldError("name")}
          helperText={fieldError("name")}
          slotProps={{ htmlInput: { maxLength: INSTRUCTION_LIMITS.name } }}
        />
        <TextField
          label="Note"
          size="small"
          multiline
          value={note}
          onChange={(e) => setNote(e.target.value)}
          helperText={serverFieldText(error, "instruction_text") || "Expires tonight at midnight"}
          error={!!serverFieldText(error, "instruction_text")}
        />
        {other && <Alert severity="error">{other}</Alert>}
        <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
          <Button onClick={() => setShown(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add
          </Button>
        </Box>
      </Box>
    </Collapse>
  );
}
