import { useMemo, useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import AddIcon from "@mui/icons-material/Add";
import type { GridColDef } from "@mui/x-data-grid";
import { type Vendor, VENDOR_MESSAGES, VENDOR_PAGE_SIZE } from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RowActions, useConfirmDelete } from "../../../components/RowActions.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { exportVendors, useDeleteVendor, useVendors } from "../api.ts";
import { VENDOR_LABELS, VendorDrawer } from "../components/VendorDrawer.tsx";
import { VendorUpload } from "../components/VendorUpload.tsx";

const DESKTOP_ONLY = ["category", "address", "city", "state", "zip", "email", "website"];

/** 'example.com' → 'https://example.com' (a link needs a scheme). */
const hrefOf = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);

export function Component() {
  const can = useCan();
  if (!can("maintenance.use")) return <NotFound />;
  return <Page />;
}

/**
 * /{building}/maintenance/vendors (document 2 sections 2 and 7): the building's vendors by name
 * (name, category, address, city, state, zip, phone, email, website), added and edited in a
 * drawer, deleted after a confirmation; 'Download Excel' gives the spreadsheet that 'Upload
 * Excel' takes back (replacing every vendor, after a confirmation).
 */
function Page() {
  usePageTitle("Vendors");
  const { id: building } = useBuilding();
  const mobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const { paging, setPaging } = useListUrl(VENDOR_PAGE_SIZE);
  const list = useVendors(building, { limit: paging.limit, offset: paging.offset });
  const remove = useConfirmDelete<Vendor>({
    mutation: useDeleteVendor(),
    nameOf: (v) => v.name,
    message: VENDOR_MESSAGES.confirmDelete,
    deleted: VENDOR_MESSAGES.deleted,
  });
  const ask = remove.ask;
  const [drawer, setDrawer] = useState<{ open: boolean; vendor: Vendor | null }>({ open: false, vendor: null });
  const [exporting, setExporting] = useState(false);

  const download = () => {
    setExporting(true);
    exportVendors(building)
      .catch((err: unknown) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }))
      .finally(() => setExporting(false));
  };
  const columns = useMemo<GridColDef<Vendor>[]>(() => {
    const text = (field: keyof Vendor & keyof typeof VENDOR_LABELS, width: number, flex?: number): GridColDef<Vendor> => ({
      field,
      headerName: VENDOR_LABELS[field],
      width,
      flex,
      minWidth: width,
      sortable: false,
    });
    return [
      { ...text("name", 130, 1), renderCell: ({ row }) => <strong>{row.name}</strong> },
      text("category", 100),
      text("address", 120, 1),
      text("city", 90),
      text("state", 60),
      text("zip", 80),
      {
        ...text("phone", 136),
        renderCell: ({ row }) => (row.phone ? <Link href={`tel:${row.phone}`}>{row.phone}</Link> : null),
      },
      {
        ...text("email", 130, 1),
        renderCell: ({ row }) => (row.email ? <Link href={`mailto:${row.email}`}>{row.email}</Link> : null),
      },
      {
        ...text("website", 110, 1),
        renderCell: ({ row }) =>
          row.website ? (
            <Link href={hrefOf(row.website)} target="_blank" rel="noopener noreferrer">
              {row.website}
            </Link>
          ) : null,
      },
      {
        field: "actions",
        headerName: "",
        width: 80,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <RowActions name={row.name} onEdit={() => setDrawer({ open: true, vendor: row })} onDelete={() => ask(row)} />
        ),
      },
    ];
  }, [ask]);

  return (
    <Box>
      <PageHeader
        title="Vendors"
        back={{ to: `/${building}/maintenance/requests/list`, label: "Maintenance requests" }}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDrawer({ open: true, vendor: null })}>
            Add vendor
          </Button>
        }
      />
      <DataTable
        label="Vendors"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        countText={(n) => (n === 1 ? "1 vendor" : `${n} vendors`)}
        emptyText={VENDOR_MESSAGES.empty}
        hiddenColumns={mobile ? DESKTOP_ONLY : []}
        columnsStorageKey="vendors"
        actions={<VendorUpload building={building} />}
        exportAction={{ label: "Download Excel", onClick: download, pending: exporting }}
        sx={{ "& .MuiDataGrid-cell": { overflowWrap: "anywhere" } }}
      />
      <VendorDrawer
        open={drawer.open}
        vendor={drawer.vendor}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      {remove.dialog}
    </Box>
  );
}
