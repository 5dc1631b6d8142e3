import { useState } from "react";
import { useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import EditIcon from "@mui/icons-material/Edit";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import { type Instruction, isFoodDelivery } from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useInstruction } from "../api.ts";
import { factsOf, instructionPaths } from "../model.ts";
import { ExpireButton } from "../components/ExpireButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { InstructionFacts } from "../components/InstructionFacts.tsx";
import { InstructionHistory } from "../components/InstructionHistory.tsx";
import { RetakePhotoDialog } from "../components/RetakePhotoDialog.tsx";

/** /{building}/front-desk/instructions/{instructionId}: fields, photo, status, Expire / Arrived, Edit, history. */
export function Component() {
  const { instructionId = "" } = useParams();
  const id = /^\d+$/.test(instructionId) ? Number(instructionId) : 0;
  const { id: building, building: info } = useBuilding();
  const instruction = useInstruction(id, building);
  usePageTitle(instruction.data ? `Instruction: ${instruction.data.name}` : "Instruction");
  const back = { to: instructionPaths.grid(building), label: "Front desk instructions" };

  if (!id || instruction.isError) {
    const notFound = !id || (instruction.error instanceof ApiError && instruction.error.status === 404);
    return (
      <Box>
        <PageHeader title="Instruction" back={back} />
        <Alert severity="error">{notFound ? "This instruction was not found." : errorMessage(instruction.error)}</Alert>
      </Box>
    );
  }
  if (instruction.isPending) return <SectionProgress label="Loading the instruction" />;
  return <Detail instruction={instruction.data} building={building} timeZone={info?.time_zone} back={back} />;
}

function Detail({
  instruction: i,
  building,
  timeZone,
  back,
}: {
  instruction: Instruction;
  building: number;
  timeZone?: string;
  back: { to: string; label: string };
}) {
  const can = useCan();
  const [retaking, setRetaking] = useState(false);
  const { active } = factsOf(i, timeZone);
  const canEdit = can("instruction.edit");
  return (
    <Box>
      <PageHeader title={i.name || i.instruction_type.name} back={back}>
        <ExpireButton instruction={i} active={active} size="medium" />
        {canEdit && !isFoodDelivery(i) && (
          <Button
            component={RouterLink}
            to={instructionPaths.edit(building, i.occupancy, i.id)}
            variant="outlined"
            startIcon={<EditIcon />}
          >
            Edit
          </Button>
        )}
        {canEdit && (
          <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => setRetaking(true)}>
            {i.photo_url ? "Retake photo" : "Take photo"}
          </Button>
        )}
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <InstructionFacts instruction={i} building={building} timeZone={timeZone} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="instruction-history" sx={{ p: 2 }}>
        <Typography id="instruction-history" variant="h2" sx={{ mb: 1.5 }}>
          History
        </Typography>
        <InstructionHistory id={i.id} building={building} timeZone={timeZone} />
      </Paper>
      <RetakePhotoDialog instruction={i} building={building} open={retaking} onClose={() => setRetaking(false)} />
    </Box>
  );
}
