import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import GroupsIcon from "@mui/icons-material/Groups";
import { type Club, CLUBS_MESSAGES } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { visuallyHidden } from "../../../components/visuallyHidden.ts";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useBuildingClubs } from "../api.ts";
import { ClubDrawer } from "../components/ClubDrawer.tsx";

export function Component() {
  const can = useCan();
  if (!can("club.view")) return <NotFound />;
  return <Page />;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /{building}/clubs (document 3 section 2): the building's clubs (and those shared with it) as
 * cards — photo, name, Open/Closed, members and amenity types as links; managers add a club and
 * edit one by clicking its card (a drawer).
 */
function Page() {
  usePageTitle("Clubs");
  const { id: building } = useBuilding();
  const can = useCan();
  const manage = can("club.manage");
  const clubs = useBuildingClubs(building);
  const [drawer, setDrawer] = useState<{ open: boolean; club: Club | null }>({ open: false, club: null });

  return (
    <Box>
      <PageHeader
        title="Clubs"
        actions={
          <>
            <Button component={RouterLink} to={`/${building}/amenity-reservations`}>
              Amenity reservations
            </Button>
            {manage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDrawer({ open: true, club: null })}>
                Add club
              </Button>
            )}
          </>
        }
      />
      {clubs.isPending ? (
        <SectionProgress label="Loading clubs" />
      ) : clubs.isError ? (
        <Typography color="error">{errorMessage(clubs.error)}</Typography>
      ) : clubs.data.length === 0 ? (
        <EmptyState>{CLUBS_MESSAGES.noClubs}</EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Clubs"
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 2,
            gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
          }}
        >
          {clubs.data.map((club) => (
            <li key={club.id}>
              <ClubCard
                club={club}
                building={building}
                onEdit={manage ? () => setDrawer({ open: true, club }) : undefined}
              />
            </li>
          ))}
        </Box>
      )}
      {manage && (
        <ClubDrawer open={drawer.open} club={drawer.club} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
      )}
    </Box>
  );
}

function ClubCard({ club, building, onEdit }: { club: Club; building: number; onEdit?: () => void }) {
  const head = (
    <>
      {club.photo_url ? (
        <CardMedia component="img" height={140} image={club.photo_url} alt="" />
      ) : (
        <Box
          sx={{ height: 140, display: "grid", placeItems: "center", bgcolor: "action.hover", color: "text.secondary" }}
        >
          <GroupsIcon fontSize="large" aria-hidden />
        </Box>
      )}
      <CardContent sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: "1.15rem", flex: 1 }}>
          {club.name}
        </Typography>
        <Chip
          size="small"
          color={club.is_open ? "success" : "default"}
          label={club.is_open ? CLUBS_MESSAGES.open : CLUBS_MESSAGES.closed}
        />
      </CardContent>
    </>
  );
  const base = `/${building}/clubs/${club.id}`;
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      {onEdit ? (
        <CardActionArea onClick={onEdit}>
          <Box component="span" sx={visuallyHidden}>
            Edit{" "}
          </Box>
          {head}
        </CardActionArea>
      ) : (
        head
      )}
      <CardActions sx={{ px: 2, pb: 2, gap: 2 }}>
        <Link component={RouterLink} to={`${base}/members`}>
          {plural(club.member_count, "member", "members")}
        </Link>
        <Link component={RouterLink} to={`${base}/amenity-types`}>
          {plural(club.amenity_count, "amenity type", "amenity types")}
        </Link>
      </CardActions>
    </Card>
  );
}
