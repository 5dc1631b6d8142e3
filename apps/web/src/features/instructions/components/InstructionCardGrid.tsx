import Box from "@mui/material/Box";
import { type Instruction, isFoodDelivery } from "@portico/contract";
import { factsOf, instructionPaths } from "../model.ts";
import { ExpireButton } from "./ExpireButton.tsx";
import { InstructionCard } from "./InstructionCard.tsx";

export interface InstructionCardGridProps {
  instructions: readonly Instruction[];
  building: number;
  timeZone?: string | null;
  label: string;
  /** Columns on the widest screens (the grid page: four). */
  columns?: number;
  /** Open a card in a drawer; without it the name links to the detail page. */
  onOpen?: (i: Instruction) => void;
  /** The buttons of active cards: Arrived and Expire, only Arrived (food deliveries), or none. */
  actions?: "expire" | "arrived" | "none";
}

/** The narrowest a card gets before the grid drops a column. */
const MIN_CARD = 250;

/** Instruction cards in a responsive grid (one column on phones, up to `columns`). */
export function InstructionCardGrid({
  instructions,
  building,
  timeZone,
  label,
  columns = 4,
  onOpen,
  actions = "expire",
}: InstructionCardGridProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 1.5,
        // As many columns as fit cards of MIN_CARD px, `columns` at the most (the container's width decides).
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, max(${MIN_CARD}px, calc((100% - ${columns - 1} * 12px) / ${columns}))), 1fr))`,
      }}
    >
      {instructions.map((i) => (
        <InstructionCard
          key={i.id}
          component="li"
          instruction={i}
          timeZone={timeZone}
          profileTo={instructionPaths.profile(building, i.occupancy)}
          onOpen={onOpen ? () => onOpen(i) : undefined}
          to={onOpen ? undefined : instructionPaths.detail(building, i.id)}
          actions={
            actions === "expire" || (actions === "arrived" && isFoodDelivery(i)) ? (
              <ExpireButton instruction={i} active={factsOf(i, timeZone).active} />
            ) : undefined
          }
        />
      ))}
    </Box>
  );
}
