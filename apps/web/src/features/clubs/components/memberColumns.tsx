import type { GridColDef } from "@mui/x-data-grid";
import { type Club, type ClubMember, CLUBS_MESSAGES } from "@portico/contract";
import { DataTable, type Paging } from "../../../components/DataTable.tsx";
import { PhotoThumb } from "../../../components/PhotoThumb.tsx";
import { useMembers } from "../api.ts";
import { memberName } from "./MemberDialogs.tsx";

/** The first columns of both member grids: the photo and the name. */
export const MEMBER_COLUMNS: GridColDef<ClubMember>[] = [
  {
    field: "photo_url",
    headerName: "Photo",
    width: 70,
    sortable: false,
    renderCell: ({ row }) => <PhotoThumb src={row.photo_url} label={`Photo of ${memberName(row)}`} />,
  },
  {
    field: "name",
    headerName: "Name",
    flex: 1,
    minWidth: 150,
    sortable: false,
    valueGetter: (_, row) => memberName(row),
  },
];

/** A page of the club's members found by `search` (the members page, the pool desk). */
export function MembersGrid({
  club,
  label,
  columns,
  hiddenColumns,
  search,
  paging,
  onPagingChange,
}: {
  club: Club;
  label: string;
  columns: GridColDef<ClubMember>[];
  hiddenColumns: readonly string[];
  search: string;
  paging: Paging;
  onPagingChange: (p: Paging) => void;
}) {
  const members = useMembers(club.id, { search, limit: paging.limit, offset: paging.offset });
  return (
    <DataTable
      label={label}
      columns={columns}
      query={members}
      paging={paging}
      onPagingChange={onPagingChange}
      countText={(n) => (n === 1 ? "1 member" : `${n} members`)}
      emptyText={CLUBS_MESSAGES.noMembers}
      hiddenColumns={hiddenColumns}
    />
  );
}
