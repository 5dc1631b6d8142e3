import { useMemo, useState } from "react";
import { Navigate } from "react-router";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Remove";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import type { GridColDef } from "@mui/x-data-grid";
import {
  type Club,
  type ClubMember,
  CLUBS_MESSAGES,
  OPEN_CHECKIN_MAX_GUESTS,
  type OpenCheckin,
} from "@portico/contract";
import { CodeScanner } from "../../../components/CodeScanner.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useOpenCheckins, useRecordCheckin } from "../api.ts";
import { ClubRoute } from "../components/ClubRoute.tsx";
import { MEMBER_COLUMNS, MembersGrid } from "../components/memberColumns.tsx";
import { memberName } from "../components/MemberDialogs.tsx";
import { PoolExport } from "../components/PoolExport.tsx";
import { useMemberSearch } from "../components/MemberSearch.tsx";

export function Component() {
  return (
    <ClubRoute>
      {(club) =>
        club.has_open_checkin ? (
          <Page club={club} />
        ) : (
          <Navigate to={`/${club.building}/clubs/${club.id}/members`} replace />
        )
      }
    </ClubRoute>
  );
}

/**
 * /{building}/clubs/{club}/pool-check-in (document 3 sections 2, 4, 9): the members with a 0–1
 * guest counter and Check In (Edit Check In once checked in today); managers export past
 * check-ins for a date range.
 */
function Page({ club }: { club: Club }) {
  usePageTitle(`${club.name} pool check in`);
  const { id: building } = useBuilding();
  const can = useCan();
  const mobile = useIsMobile();
  const [scanning, setScanning] = useState(false);
  const { box, search, paging, setPaging, setText } = useMemberSearch(
    <Button startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)}>
      Scan
    </Button>,
  );
  const checkins = useOpenCheckins(club.id);
  const byOccupant = useMemo(
    () => new Map((checkins.data ?? []).map((c) => [c.occupant_id, c] as const)),
    [checkins.data],
  );

  const columns = useMemo<GridColDef<ClubMember>[]>(
    () => [
      ...MEMBER_COLUMNS,
      { field: "apartment_number", headerName: "Apartment", width: 110, sortable: false },
      {
        field: "checkin",
        headerName: "Check in",
        minWidth: 300,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <CheckInCell key={row.occupant_id} club={club} member={row} checkin={byOccupant.get(row.occupant_id)} />
        ),
      },
    ],
    [club, byOccupant],
  );

  return (
    <Box>
      <PageHeader
        title={`${club.name} pool check in`}
        back={{ to: `/${building}/clubs/${club.id}/members`, label: `${club.name} members` }}
      />
      {can("club.pool_export") && <PoolExport club={club} />}
      {box}
      <MembersGrid
        club={club}
        label="Pool check in"
        columns={columns}
        search={search}
        paging={paging}
        onPagingChange={setPaging}
        hiddenColumns={mobile ? ["photo_url"] : []}
      />
      <CodeScanner
        open={scanning}
        title="Scan a pool card"
        onClose={() => setScanning(false)}
        onScan={(code) => {
          // The card's code (a name or an apartment) becomes the search of the list.
          setText(code.trim());
          setScanning(false);
        }}
      />
    </Box>
  );
}

/** One member's guests (0–1) and Check In; a checked-in member shows it with Edit Check In. */
function CheckInCell({ club, member, checkin }: { club: Club; member: ClubMember; checkin: OpenCheckin | undefined }) {
  const { enqueueSnackbar } = useSnackbar();
  const record = useRecordCheckin(club.id);
  const [guests, setGuests] = useState(checkin?.guests ?? 0);
  const [editing, setEditing] = useState(false);
  const name = memberName(member);

  if (checkin && !editing)
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
        <Typography variant="body2" color="success.main">
          Checked in{checkin.guests ? ` with ${checkin.guests} guest` : ""}
        </Typography>
        <Button
          size="small"
          onClick={() => {
            setGuests(checkin.guests);
            setEditing(true);
          }}
          aria-label={`Edit Check In of ${name}`}
        >
          Edit Check In
        </Button>
      </Box>
    );

  const submit = () =>
    record.mutate(
      { occupant_id: member.occupant_id, guests },
      {
        onSuccess: () => {
          setEditing(false);
          enqueueSnackbar(CLUBS_MESSAGES.checkedIn, { variant: "success", autoHideDuration: 2200 });
        },
        onError: (err) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }),
      },
    );
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <IconButton
        size="small"
        aria-label={`Fewer guests for ${name}`}
        disabled={guests <= 0}
        onClick={() => setGuests((g) => Math.max(0, g - 1))}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography aria-label={`Guests of ${name}`} role="status" sx={{ minWidth: 64, textAlign: "center" }}>
        {guests === 1 ? "1 guest" : `${guests} guests`}
      </Typography>
      <IconButton
        size="small"
        aria-label={`More guests for ${name}`}
        disabled={guests >= OPEN_CHECKIN_MAX_GUESTS}
        onClick={() => setGuests((g) => Math.min(OPEN_CHECKIN_MAX_GUESTS, g + 1))}
      >
        <AddIcon fontSize="small" />
      </IconButton>
      <Button
        size="small"
        variant="contained"
        onClick={submit}
        loading={record.isPending}
        aria-label={`Check In ${name}`}
      >
        Check In
      </Button>
    </Box>
  );
}
