import { useNavigate, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { type Instruction, isFoodDelivery, MESSAGES } from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useOccupancy } from "../../occupancies/index.ts";
import { useInstruction, useInstructionTypes } from "../api.ts";
import { type InstructionFormValues, instructionPaths } from "../model.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { InstructionForm } from "../components/InstructionForm.tsx";

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * /{building}/front-desk/instructions/create?occupancy_id and
 * /edit?occupancy_id&instruction_id (document 2 section 2). Without occupancy_id the form asks
 * for the unit. Saved: 'Data has been saved', then the instruction's page.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const { id: building, building: info } = useBuilding();
  const occupancyId = idOf(params.get("occupancy_id"));
  const instructionId = idOf(params.get("instruction_id"));
  const editing = instructionId !== null;
  usePageTitle(editing ? "Edit instruction" : "Create instruction");
  const types = useInstructionTypes();
  const occupancy = useOccupancy(occupancyId);
  const instruction = useInstruction(instructionId ?? 0, building);
  const title = editing ? "Edit instruction" : "Create instruction";
  const cancelTo = editing
    ? instructionPaths.detail(building, instructionId)
    : occupancyId
      ? instructionPaths.profile(building, occupancyId)
      : instructionPaths.grid(building);
  const back = { to: cancelTo, label: editing ? "Instruction" : "Back" };

  const problem = (text: string) => (
    <Box>
      <PageHeader title={title} back={back} />
      <Alert severity="error">{text}</Alert>
    </Box>
  );
  if (!can(editing ? "instruction.edit" : "instruction.create")) return problem(MESSAGES.permissionDenied);
  if (editing && instruction.isError)
    return problem(
      instruction.error instanceof ApiError && instruction.error.status === 404
        ? "This instruction was not found."
        : errorMessage(instruction.error),
    );
  if (types.isError) return problem(MESSAGES.failedList(errorMessage(types.error)));
  if (types.isPending || (editing && instruction.isPending) || (occupancyId !== null && occupancy.isPending))
    return <SectionProgress label="Loading the form" />;
  const existing: Instruction | undefined = editing ? instruction.data : undefined;
  if (existing && isFoodDelivery(existing)) return problem("Food deliveries cannot be edited.");

  const initial: InstructionFormValues = existing
    ? {
        occupancy: existing.occupancy,
        instruction_type: String(existing.instruction_type.id),
        name: existing.name,
        instruction_text: existing.instruction_text,
        start_date: existing.start_date,
        expiration_date: existing.expiration_date ?? "",
        photo: null,
      }
    : {
        occupancy: occupancyId,
        instruction_type: "",
        name: "",
        instruction_text: "",
        start_date: dayInZone(info?.time_zone),
        expiration_date: "",
        photo: null,
      };
  const unitNumber = existing?.apartment_number ?? occupancy.data?.apartment_number;

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={title} back={back} />
      <InstructionForm
        building={building}
        types={types.data}
        initial={initial}
        instruction={existing}
        unitNumber={existing || occupancyId ? (unitNumber ?? "") : undefined}
        cancelTo={cancelTo}
        onSaved={(saved) => navigate(instructionPaths.detail(building, saved.id))}
      />
    </Box>
  );
}
