import { useState } from "react";
import { useParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import EditIcon from "@mui/icons-material/Edit";
import DoneIcon from "@mui/icons-material/Done";
import { type Package, PACKAGE_MESSAGES as M, PACKAGE_UI_MESSAGES, packagePaths } from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { serverErrorText } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { usePackage, useReopenPackage } from "../api.ts";
import { ClosePackageDialog, EditCommentDialog } from "../components/detail/PackageDialogs.tsx";
import { PackageActivity } from "../components/detail/PackageActivity.tsx";
import { PackageFacts } from "../components/detail/PackageFacts.tsx";
import { PackageNotification } from "../components/detail/PackageNotification.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";

/** /{building}/packages/{packageId}: details, opening comment, close, reopen, activity, notification. */
export function Component() {
  const { packageId = "" } = useParams();
  const id = /^\d+$/.test(packageId) ? Number(packageId) : 0;
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const pkg = usePackage(id, building);
  usePageTitle(pkg.data ? `Package ${pkg.data.id}` : "Package");

  if (!id || pkg.isError) {
    const notFound = !id || (pkg.error instanceof ApiError && pkg.error.status === 404);
    return (
      <Box>
        <PageHeader title="Package" back={{ to: packagePaths.grid(building), label: "Packages" }} />
        <Alert severity="error">{notFound ? "This package was not found." : errorMessage(pkg.error)}</Alert>
      </Box>
    );
  }
  if (pkg.isPending) return <SectionProgress label="Loading the package" />;
  return <PackageDetail pkg={pkg.data} building={building} tz={tz} />;
}

function PackageDetail({ pkg, building, tz }: { pkg: Package; building: number; tz?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState(false);
  const reopen = useReopenPackage(building);
  const [reopenError, setReopenError] = useState<string | null>(null);
  const open = pkg.status === "OPEN";

  return (
    <Box>
      <PageHeader
        title={`Package ${pkg.id}`}
        subtitle={`${pkg.package_type.name} for unit ${pkg.apartment_number}`}
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          open ? (
            <>
              <Button variant="contained" startIcon={<DoneIcon />} onClick={() => setClosing(true)}>
                Close package
              </Button>
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit comment
              </Button>
            </>
          ) : undefined
        }
      />
      <PackageFacts pkg={pkg} building={building} tz={tz} onReopen={() => setReopening(true)} />
      <PackageNotification pkg={pkg} tz={tz} />
      <PackageActivity id={pkg.id} building={building} tz={tz} />

      {editing && <EditCommentDialog pkg={pkg} building={building} onClose={() => setEditing(false)} />}
      {closing && <ClosePackageDialog pkg={pkg} building={building} onClose={() => setClosing(false)} />}
      <ConfirmDialog
        open={reopening}
        title="Re-open package"
        confirmLabel="Re-open"
        busy={reopen.isPending}
        error={reopenError}
        onClose={() => {
          setReopening(false);
          setReopenError(null);
        }}
        onConfirm={() =>
          reopen.mutate(pkg.id, {
            onSuccess: () => {
              setReopening(false);
              enqueueSnackbar(PACKAGE_UI_MESSAGES.reopened, { variant: "success" });
            },
            onError: (err) => setReopenError(serverErrorText(err)),
          })
        }
      >
        {M.reopenConfirm}
      </ConfirmDialog>
    </Box>
  );
}
