import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import { MESSAGES, type ShiftLogType } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useShiftLogTypes, useToggleShiftLogType } from "../api.ts";
import { ShiftLogTypeDialog } from "../components/ShiftLogTypeDialog.tsx";

/** /admin/settings/shift-log-types (document 1 section 2.2): every type, for every building. */
export function Component() {
  usePageTitle("Shift log types");
  const { enqueueSnackbar } = useSnackbar();
  const types = useShiftLogTypes({ include_shift_end: true, show_all: true });
  const toggle = useToggleShiftLogType();
  const [dialog, setDialog] = useState<{ open: boolean; type: ShiftLogType | null }>({ open: false, type: null });
  const sorted = [...(types.data ?? [])].sort(
    (a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name),
  );

  return (
    <Box>
      <Box component="header" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Shift log types
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, type: null })}>
          Add shift log type
        </Button>
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        Changes to shift log types apply to all buildings.
      </Alert>
      {types.isPending ? (
        <SectionProgress label="Loading shift log types" />
      ) : types.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(types.error))}</Alert>
      ) : sorted.length === 0 ? (
        <EmptyState>No shift log types</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Shift log types" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Short name</TableCell>
                <TableCell align="right">Display order</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Active?</TableCell>
                <TableCell>Edit</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((t) => {
                const busy = toggle.isPending && toggle.variables === t.id;
                return (
                  <TableRow key={t.id} hover>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {t.name}
                    </TableCell>
                    <TableCell>{t.short_name}</TableCell>
                    <TableCell align="right">{t.display_order}</TableCell>
                    <TableCell sx={{ color: "text.secondary", maxWidth: 420 }}>{t.description}</TableCell>
                    <TableCell>
                      <Switch
                        checked={t.is_active}
                        disabled={t.is_immutable || busy}
                        onChange={() =>
                          toggle.mutate(t.id, {
                            onSuccess: (saved) =>
                              enqueueSnackbar(`${saved.name} ${saved.is_active ? "activated" : "deactivated"}`, {
                                variant: "success",
                              }),
                            onError: (err) =>
                              enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }),
                          })
                        }
                        slotProps={{ input: { "aria-label": `Active: ${t.name}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {t.is_immutable ? (
                        <span title="This type cannot be edited">
                          <IconButton aria-label={`Edit ${t.name}`} disabled>
                            <EditIcon />
                          </IconButton>
                        </span>
                      ) : (
                        <IconButton aria-label={`Edit ${t.name}`} onClick={() => setDialog({ open: true, type: t })}>
                          <EditIcon />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ShiftLogTypeDialog
        open={dialog.open}
        type={dialog.type}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
}
