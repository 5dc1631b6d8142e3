import { useMemo, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import AddIcon from "@mui/icons-material/Add";
import type { GridColDef } from "@mui/x-data-grid";
import { type BuildingDocument, DOCUMENT_MESSAGES as M, DOCUMENT_PAGE_SIZE } from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RowActions, useConfirmDelete } from "../../../components/RowActions.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useDeleteDocument, useDocuments } from "../api.ts";
import { DocumentDrawer } from "../components/DocumentDrawer.tsx";

const DESKTOP_ONLY = ["subtitle", "is_visible_to_tenants", "date_created"];
const yesNo = (v: boolean) => <Chip size="small" label={v ? "Yes" : "No"} color={v ? "success" : "default"} variant="outlined" />;

export function Component() {
  const can = useCan();
  if (!can("document.use")) return <NotFound />;
  return <Page />;
}

/**
 * /{building}/manage/documents (document 3 sections 2 and 7): the building's documents, newest
 * first (title, subtitle, file, who sees it, date), uploaded and edited in a drawer, deleted after
 * a confirmation. Staff see the ones visible to staff; managers all.
 */
function Page() {
  usePageTitle("Documents");
  const { id: building } = useBuilding();
  const mobile = useIsMobile();
  const { paging, setPaging } = useListUrl(DOCUMENT_PAGE_SIZE);
  const list = useDocuments(building, { limit: paging.limit, offset: paging.offset });
  const remove = useConfirmDelete<BuildingDocument>({
    mutation: useDeleteDocument(),
    nameOf: (d) => d.title,
    message: M.confirmDelete,
    deleted: M.deleted,
  });
  const ask = remove.ask;
  const [drawer, setDrawer] = useState<{ open: boolean; document: BuildingDocument | null }>({
    open: false,
    document: null,
  });

  const columns = useMemo<GridColDef<BuildingDocument>[]>(
    () => [
      {
        field: "title",
        headerName: "Title",
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => <strong>{row.title}</strong>,
      },
      { field: "subtitle", headerName: "Subtitle", flex: 1, minWidth: 160, sortable: false },
      {
        field: "file",
        headerName: "File",
        flex: 1,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Link href={row.file} target="_blank" rel="noopener noreferrer">
            {row.file_name || "Open"}
          </Link>
        ),
      },
      {
        field: "is_visible_to_staff",
        headerName: "Staff",
        width: 90,
        sortable: false,
        renderCell: ({ row }) => yesNo(row.is_visible_to_staff),
      },
      {
        field: "is_visible_to_tenants",
        headerName: "Tenants",
        width: 90,
        sortable: false,
        renderCell: ({ row }) => yesNo(row.is_visible_to_tenants),
      },
      {
        field: "date_created",
        headerName: "Date",
        width: 120,
        sortable: false,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: "actions",
        headerName: "",
        width: 80,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <RowActions name={row.title} onEdit={() => setDrawer({ open: true, document: row })} onDelete={() => ask(row)} />
        ),
      },
    ],
    [ask],
  );

  return (
    <Box>
      <PageHeader
        title="Documents"
        back={{ to: `/${building}/manage`, label: "Building management" }}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDrawer({ open: true, document: null })}>
            Upload document
          </Button>
        }
      />
      <DataTable
        label="Documents"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        countText={(n) => (n === 1 ? "1 document" : `${n} documents`)}
        emptyText={M.empty}
        hiddenColumns={mobile ? DESKTOP_ONLY : []}
        columnsStorageKey="documents"
      />
      <DocumentDrawer
        open={drawer.open}
        document={drawer.document}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      {remove.dialog}
    </Box>
  );
}
