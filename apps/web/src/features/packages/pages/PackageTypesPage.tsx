import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import LockIcon from "@mui/icons-material/Lock";
import { MESSAGES, PACKAGE_MESSAGES as M, packagePaths } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { usePackageTypes, useTogglePackageType } from "../api.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";

/** /admin/settings/package-types: every package type, for every building. */
export function Component() {
  usePageTitle("Package types");
  const { enqueueSnackbar } = useSnackbar();
  const types = usePackageTypes();
  const toggle = useTogglePackageType();
  const list = types.data ?? [];

  return (
    <Box>
      <Box component="header" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Package types
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={packagePaths.adminTypeCreate}>
          Add package type
        </Button>
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        Changes to package types apply to all buildings.
      </Alert>
      {types.isPending ? (
        <SectionProgress label="Loading package types" />
      ) : types.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(types.error))}</Alert>
      ) : list.length === 0 ? (
        <EmptyState>No package types</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Package types" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Abbreviation</TableCell>
                <TableCell>Group</TableCell>
                <TableCell align="right">Display order</TableCell>
                <TableCell>Public display</TableCell>
                <TableCell>Picture required</TableCell>
                <TableCell>Active?</TableCell>
                <TableCell>Edit</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((t) => {
                const busy = toggle.isPending && toggle.variables === t.id;
                return (
                  <TableRow key={t.id} hover>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {t.name}
                      {t.is_immutable && (
                        <Tooltip title={M.immutableType}>
                          <LockIcon fontSize="small" aria-label="Locked" sx={{ ml: 1, verticalAlign: "middle", color: "text.secondary" }} />
                        </Tooltip>
                      )}
                    </TableCell>
                    <TableCell>
                      <PackageTypeChip type={t} />
                    </TableCell>
                    <TableCell>{t.group_display}</TableCell>
                    <TableCell align="right">{t.display_order}</TableCell>
                    <TableCell>{t.is_public_display ? "Yes" : "No"}</TableCell>
                    <TableCell>{t.is_pic_required ? "Yes" : "No"}</TableCell>
                    <TableCell>
                      <Switch
                        checked={t.is_active}
                        disabled={t.is_immutable || busy}
                        onChange={() =>
                          toggle.mutate(t.id, {
                            onError: (err) =>
                              enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }),
                          })
                        }
                        slotProps={{ input: { "aria-label": `${t.name} active` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {t.is_immutable ? (
                        <Typography variant="body2" color="text.secondary">
                          Locked
                        </Typography>
                      ) : (
                        <Button
                          size="small"
                          startIcon={<EditIcon />}
                          component={RouterLink}
                          to={packagePaths.adminTypeEdit(t.id)}
                          aria-label={`Edit ${t.name}`}
                        >
                          Edit
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
