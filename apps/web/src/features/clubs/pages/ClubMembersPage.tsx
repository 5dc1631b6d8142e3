import { useMemo, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import MailIcon from "@mui/icons-material/Mail";
import PoolIcon from "@mui/icons-material/Pool";
import type { GridColDef } from "@mui/x-data-grid";
import type { Club, ClubMember } from "@portico/contract";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { ClubRoute } from "../components/ClubRoute.tsx";
import { MEMBER_COLUMNS, MembersGrid } from "../components/memberColumns.tsx";
import { useMemberSearch } from "../components/MemberSearch.tsx";
import { memberName, NewMemberDrawer, RemoveAllDialog, RemoveMemberDialog } from "../components/MemberDialogs.tsx";

export function Component() {
  return <ClubRoute>{(club) => <Page club={club} />}</ClubRoute>;
}

/**
 * /{building}/clubs/{club}/members (document 3 section 2): the club's members with a search;
 * 'Pool check in' when the club has open check-in; those who manage memberships add a member,
 * remove one, or remove them all after typing 'remove all'.
 */
function Page({ club }: { club: Club }) {
  usePageTitle(`${club.name} members`);
  const { id: building } = useBuilding();
  const can = useCan();
  const mobile = useIsMobile();
  const manage = can("club.manage_members");
  const { box, search, paging, setPaging } = useMemberSearch();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ClubMember | null>(null);
  const [removingAll, setRemovingAll] = useState(false);

  const columns = useMemo<GridColDef<ClubMember>[]>(
    () => [
      ...MEMBER_COLUMNS,
      { field: "building_name", headerName: "Building", flex: 1, minWidth: 140, sortable: false },
      { field: "apartment_number", headerName: "Apartment", width: 110, sortable: false },
      {
        field: "actions",
        headerName: "",
        width: 70,
        sortable: false,
        renderCell: ({ row }) =>
          manage && (
            <IconButton size="small" aria-label={`Remove ${memberName(row)}`} onClick={() => setRemoving(row)}>
              <PersonRemoveIcon fontSize="small" />
            </IconButton>
          ),
      },
    ],
    [manage],
  );

  return (
    <Box>
      <PageHeader
        title={`${club.name} members`}
        back={{ to: `/${building}/clubs`, label: "Clubs" }}
        actions={
          <>
            {club.has_open_checkin && (
              <Button
                startIcon={<PoolIcon />}
                component={RouterLink}
                to={`/${building}/clubs/${club.id}/pool-check-in`}
              >
                Pool check in
              </Button>
            )}
            {can("memo.send") && (
              <Button
                startIcon={<MailIcon />}
                component={RouterLink}
                to={`/${building}/communication?tab=memo&club=${club.id}`}
                disabled={!club.member_count}
              >
                Send Memo
              </Button>
            )}
            {manage && (
              <Button color="error" onClick={() => setRemovingAll(true)} disabled={!club.member_count}>
                Remove all members
              </Button>
            )}
            {manage && (
              <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
                New member
              </Button>
            )}
          </>
        }
      />
      {box}
      <MembersGrid
        club={club}
        label="Members"
        columns={columns}
        search={search}
        paging={paging}
        onPagingChange={setPaging}
        hiddenColumns={mobile ? ["photo_url", "building_name"] : manage ? [] : ["actions"]}
      />
      {manage && (
        <>
          <NewMemberDrawer club={club} open={adding} onClose={() => setAdding(false)} />
          <RemoveMemberDialog club={club} member={removing} onClose={() => setRemoving(null)} />
          <RemoveAllDialog club={club} open={removingAll} onClose={() => setRemovingAll(false)} />
        </>
      )}
    </Box>
  );
}
