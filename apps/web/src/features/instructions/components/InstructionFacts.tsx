import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import type { Instruction } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { factsOf, instructionPaths, personName } from "../model.ts";
import { InstructionTypeChip } from "./InstructionTypeChip.tsx";
import { DoNotDisturbTag, InstructionTags } from "./Tags.tsx";
import { Fact } from "../../../components/Fact.tsx";

/** Every field of an instruction, with its status and tags (the detail page and the dashboard's drawer). */
export function InstructionFacts({
  instruction: i,
  building,
  timeZone,
}: {
  instruction: Instruction;
  building: number;
  timeZone?: string;
}) {
  const f = factsOf(i, timeZone);
  const photoChanged = i.photo_last_changed_datetime
    ? `${formatZonedDateTime(i.photo_last_changed_datetime, timeZone)}${
        i.photo_last_changed_user ? ` by ${personName(i.photo_last_changed_user)}` : ""
      }`
    : "";
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "flex-start" }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          flex: "1 1 320px",
          display: "grid",
          gridTemplateColumns: "max-content 1fr",
          columnGap: 2,
          rowGap: 1,
        }}
      >
        <Fact label="Status">
          <Box component="span" sx={{ display: "inline-flex", flexWrap: "wrap", gap: 0.75 }}>
            <InstructionTags facts={f} status="always" />
          </Box>
        </Fact>
        <Fact label="Type">
          <InstructionTypeChip type={i.instruction_type} withName />
        </Fact>
        <Fact label="Unit">
          <Link component={RouterLink} to={instructionPaths.profile(building, i.occupancy)}>
            {i.apartment_number}
          </Link>
          {i.occupants.length > 0 && ` · ${i.occupants.map(personName).join(", ")}`}
          {i.occupancy_is_do_not_disturb && (
            <Box component="span" sx={{ ml: 1 }}>
              <DoNotDisturbTag />
            </Box>
          )}
        </Fact>
        <Fact label="Name">{i.name || "—"}</Fact>
        <Fact label="Instructions">{i.instruction_text || "—"}</Fact>
        <Fact label="Start date">{formatDate(i.start_date)}</Fact>
        <Fact label="Expiration date">{i.expiration_date ? formatDate(i.expiration_date) : "No expiration"}</Fact>
        <Fact label="Entered by">
          {[personName(i.entered_by), formatZonedDateTime(i.entered_date, timeZone)].filter(Boolean).join(" · ")}
          {i.is_management && <Chip size="small" label="Management" sx={{ ml: 1 }} />}
        </Fact>
        {photoChanged && <Fact label="Photo changed">{photoChanged}</Fact>}
      </Box>
      {i.photo_url && (
        <Box
          component="img"
          src={i.photo_url}
          alt={`Photo of ${i.name || "the guest"}`}
          sx={{ width: 170, maxWidth: "100%", aspectRatio: "340 / 420", objectFit: "cover", borderRadius: 1 }}
        />
      )}
    </Box>
  );
}
