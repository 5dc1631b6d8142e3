import { type ReactNode, useId, useMemo } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { type Instruction, INSTRUCTION_QUERY_LIMIT, isFoodDelivery, MESSAGES } from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { useCan, useOptionalBuilding } from "../../../lib/session.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useInstructions } from "../api.ts";
import { factsOf, instructionPaths } from "../model.ts";
import { ExpireButton } from "./ExpireButton.tsx";
import { InstructionCard } from "./InstructionCard.tsx";

export interface ProfileInstructionsPanelProps {
  buildingId: number;
  occupancyId: number;
}

/** The unit's instructions (limit 5000, every status): the one call both panels share. */
function useUnitInstructions(buildingId: number, occupancyId: number) {
  return useInstructions({
    building: buildingId,
    occupancy: occupancyId,
    status: "all",
    limit: INSTRUCTION_QUERY_LIMIT,
  });
}

function useSplit(rows: readonly Instruction[] | undefined) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  return useMemo(() => {
    const active: Instruction[] = [];
    const expired: Instruction[] = [];
    for (const i of rows ?? []) {
      const f = factsOf(i, tz);
      if (f.active) active.push(i);
      else if (f.recentlyExpired) expired.push(i);
    }
    return { active, expired, tz };
  }, [rows, tz]);
}

function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

function Cards({
  rows,
  buildingId,
  tz,
  withEdit,
}: {
  rows: readonly Instruction[];
  buildingId: number;
  tz?: string;
  withEdit: boolean;
}) {
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
      {rows.map((i) => {
        const active = factsOf(i, tz).active;
        return (
          <InstructionCard
            key={i.id}
            component="li"
            instruction={i}
            timeZone={tz}
            to={instructionPaths.detail(buildingId, i.id)}
            actions={
              <>
                <ExpireButton instruction={i} active={active} />
                {withEdit && active && !isFoodDelivery(i) && (
                  <Button
                    size="small"
                    component={RouterLink}
                    to={instructionPaths.edit(buildingId, i.occupancy, i.id)}
                    startIcon={<EditIcon />}
                    aria-label={`Edit ${i.name || i.instruction_type.name}`}
                  >
                    Edit
                  </Button>
                )}
              </>
            }
          />
        );
      })}
    </Box>
  );
}

/**
 * The unit profile's Instructions panel (document 1 section 2.4): active instructions, then
 * those expired in the past 30 days, linking to each, to edit, to create one for the unit and
 * to the list of all the unit's instructions (occupancy, limit 5000, status all).
 */
export function ProfileInstructionsPanel({ buildingId, occupancyId }: ProfileInstructionsPanelProps) {
  const can = useCan();
  const query = useUnitInstructions(buildingId, occupancyId);
  const { active, expired, tz } = useSplit(query.data?.results);
  const actions = (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
      {can("instruction.create") && (
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={instructionPaths.create(buildingId, occupancyId)}
          startIcon={<AddIcon />}
        >
          Create
        </Button>
      )}
      <Button
        size="small"
        component={RouterLink}
        to={instructionPaths.unitList(buildingId, occupancyId)}
        startIcon={<ListAltIcon />}
      >
        All instructions
      </Button>
    </Box>
  );
  return (
    <Panel title="Instructions" actions={actions}>
      {query.isPending ? (
        <SectionProgress label="Loading instructions" />
      ) : query.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(query.error))}</Alert>
      ) : (
        <Box sx={{ display: "grid", gap: 1.5 }}>
          <Typography variant="h3" sx={{ fontSize: "1rem" }}>
            Active ({active.length})
          </Typography>
          {active.length ? (
            <Cards rows={active} buildingId={buildingId} tz={tz} withEdit={can("instruction.edit")} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No active instructions
            </Typography>
          )}
          <Typography variant="h3" sx={{ fontSize: "1rem" }}>
            Recently expired ({expired.length})
          </Typography>
          {expired.length ? (
            <Cards rows={expired} buildingId={buildingId} tz={tz} withEdit={false} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              No instructions expired in the past 30 days
            </Typography>
          )}
        </Box>
      )}
    </Panel>
  );
}

/**
 * The unit profile's Food deliveries panel (document 1 section 2.4): shown only while the unit
 * has current food deliveries, each with 'Arrived'.
 */
export function ProfileFoodDeliveriesPanel({ buildingId, occupancyId }: ProfileInstructionsPanelProps) {
  const query = useUnitInstructions(buildingId, occupancyId);
  const { active, tz } = useSplit(query.data?.results);
  const current = active.filter(isFoodDelivery);
  if (!current.length) return null;
  return (
    <Panel title="Food deliveries">
      <Cards rows={current} buildingId={buildingId} tz={tz} withEdit={false} />
    </Panel>
  );
}
