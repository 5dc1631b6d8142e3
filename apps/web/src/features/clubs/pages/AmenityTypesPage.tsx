import { useState } from "react";
import { useNavigate } from "react-router";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { type AmenityType, type Club, CLUBS_MESSAGES } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { Fact } from "../../../components/Fact.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useClubAmenityTypes, useIntervals } from "../api.ts";
import { AmenityTypeForm } from "../components/AmenityTypeForm.tsx";
import { ClubRoute } from "../components/ClubRoute.tsx";

export function Component() {
  return <ClubRoute>{(club) => <Page club={club} />}</ClubRoute>;
}

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/**
 * /{building}/clubs/{club}/amenity-types (document 3 section 2): the club's amenity types, each
 * opening to a summary and its configuration page; managers add one (a drawer with the main
 * settings, then its page for slots and hours).
 */
function Page({ club }: { club: Club }) {
  usePageTitle(`${club.name} amenity types`);
  const { id: building } = useBuilding();
  const can = useCan();
  const navigate = useNavigate();
  const types = useClubAmenityTypes(club.id);
  const [adding, setAdding] = useState(false);
  const base = `/${building}/clubs/${club.id}/amenity-types`;

  return (
    <Box>
      <PageHeader
        title={`${club.name} amenity types`}
        back={{ to: `/${building}/clubs`, label: "Clubs" }}
        actions={
          can("club.manage") && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add amenity type
            </Button>
          )
        }
      />
      {types.isPending ? (
        <SectionProgress label="Loading amenity types" />
      ) : types.isError ? (
        <Typography color="error">{errorMessage(types.error)}</Typography>
      ) : types.data.length === 0 ? (
        <EmptyState>{CLUBS_MESSAGES.noAmenityTypes}</EmptyState>
      ) : (
        <Box>
          {types.data.map((t) => (
            <TypeItem key={t.id} type={t} to={`${base}/${t.id}`} />
          ))}
        </Box>
      )}
      <SideDrawer open={adding} onClose={() => setAdding(false)} title="Add amenity type" width={560}>
        {adding && (
          <AmenityTypeForm
            type={null}
            club={club.id}
            onCancel={() => setAdding(false)}
            onSaved={(saved) => navigate(`${base}/${saved.id}?tab=slots`)}
          />
        )}
      </SideDrawer>
    </Box>
  );
}

function TypeItem({ type, to }: { type: AmenityType; to: string }) {
  const intervals = useIntervals();
  const length =
    intervals.data?.find((i) => i.value === type.max_reservation_length)?.label ?? `${type.max_reservation_length} min`;
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="h2" sx={{ fontSize: "1.05rem" }}>
            {type.name}
          </Typography>
          {!type.is_active && <Chip size="small" label="Inactive" />}
          <Typography variant="body2" color="text.secondary">
            {type.amenity_count === 1 ? "1 slot" : `${type.amenity_count} slots`}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ display: "grid", gap: 1.5 }}>
        {type.description && <Typography>{type.description}</Typography>}
        <Box
          component="dl"
          sx={{ m: 0, display: "grid", columnGap: 2, rowGap: 0.5, gridTemplateColumns: "max-content 1fr" }}
        >
          <Fact label="Maximum length">{length}</Fact>
          <Fact label="Guests">{type.is_allow_guests ? `Up to ${type.max_number_guests}` : "No"}</Fact>
          <Fact label="Needs approval">{yesNo(type.is_approval_required_for_reservation)}</Fact>
          <Fact label="Needs payment">{yesNo(type.is_payment_required_for_reservation)}</Fact>
          <Fact label="Check-in">{yesNo(type.has_checkin)}</Fact>
          <Fact label="QR codes">{yesNo(type.send_qr_codes)}</Fact>
          <Fact label="Per resident">
            {type.max_user_open_reservations} open, {type.max_user_weekly_reservations} a week,{" "}
            {type.max_user_daily_reservations} a day
          </Fact>
          <Fact label="Window">
            {type.reservation_window_days ? `${type.reservation_window_days} days` : "No limit"}
          </Fact>
        </Box>
        <Box>
          <Button variant="outlined" component={RouterLink} to={to}>
            Configure {type.name}
          </Button>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
