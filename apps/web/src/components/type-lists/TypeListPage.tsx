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
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import LockIcon from "@mui/icons-material/Lock";
import { MESSAGES } from "@portico/contract";
import { errorMessage } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { EmptyState } from "../EmptyState.tsx";
import { SectionProgress } from "../FullPageProgress.tsx";
import { RouterLink } from "../RouterLink.tsx";
import type { TypeItem, TypeListDefinition } from "./definition.ts";
import { TypeFormDialog } from "./TypeForm.tsx";

/**
 * A types settings page: the list in the server's order (display order, then name), an Active?
 * switch, Edit (a dialog, or the edit page); immutable types are locked: no edit, no switch.
 */
export function TypeListPage<T extends TypeItem, Body>({ def }: { def: TypeListDefinition<T, Body> }) {
  usePageTitle(def.title);
  const { enqueueSnackbar } = useSnackbar();
  const types = def.api.useList();
  const toggle = def.api.useToggle?.();
  const remove = def.api.useDelete?.();
  const [deleting, setDeleting] = useState<{ type: T | null; error: string | null }>({ type: null, error: null });
  const confirmDelete = async () => {
    if (!remove || !deleting.type) return;
    try {
      const answer = await remove.mutateAsync(deleting.type.id);
      enqueueSnackbar(answer.detail, { variant: "success" });
      setDeleting({ type: null, error: null });
    } catch (err) {
      setDeleting((d) => ({ ...d, error: errorMessage(err) }));
    }
  };
  const [dialog, setDialog] = useState<{ open: boolean; type: T | null }>({ open: false, type: null });
  const list = types.data ?? [];
  const add = `Add ${def.noun}`;
  const plural = def.title.toLowerCase();

  const editButton = (t: T) => {
    const label = `Edit ${def.nameOf(t)}`;
    if (t.is_immutable)
      return (
        <span title={def.lockedMessage}>
          <IconButton aria-label={label} disabled>
            <EditIcon />
          </IconButton>
        </span>
      );
    return def.form.kind === "page" ? (
      <IconButton aria-label={label} component={RouterLink} to={def.form.edit(t.id)}>
        <EditIcon />
      </IconButton>
    ) : (
      <IconButton aria-label={label} onClick={() => setDialog({ open: true, type: t })}>
        <EditIcon />
      </IconButton>
    );
  };

  return (
    <Box>
      <Box component="header" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {def.title}
        </Typography>
        {def.form.kind === "page" ? (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={def.form.create}>
            {add}
          </Button>
        ) : (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, type: null })}>
            {add}
          </Button>
        )}
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {def.note}
      </Alert>
      {types.isPending ? (
        <SectionProgress label={`Loading ${plural}`} />
      ) : types.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(types.error))}</Alert>
      ) : list.length === 0 ? (
        <EmptyState>{`No ${plural}`}</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={def.title} size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                {def.columns.map((c) => (
                  <TableCell key={c.label} align={c.align}>
                    {c.label}
                  </TableCell>
                ))}
                {toggle && <TableCell>Active?</TableCell>}
                <TableCell>Edit</TableCell>
                {remove && <TableCell>Delete</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((t) => {
                const name = def.nameOf(t);
                return (
                  <TableRow key={t.id} hover>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {name}
                      {t.is_immutable && (
                        <Tooltip title={def.lockedMessage}>
                          <Typography
                            component="span"
                            variant="body2"
                            sx={{ ml: 1, color: "text.secondary", display: "inline-flex", alignItems: "center", gap: 0.25, verticalAlign: "middle" }}
                          >
                            <LockIcon fontSize="inherit" aria-hidden />
                            Locked
                          </Typography>
                        </Tooltip>
                      )}
                    </TableCell>
                    {def.columns.map((c) => (
                      <TableCell
                        key={c.label}
                        align={c.align}
                        sx={c.secondary ? { color: "text.secondary", maxWidth: 420 } : undefined}
                      >
                        {c.render(t)}
                      </TableCell>
                    ))}
                    {toggle && (
                      <TableCell>
                        <Switch
                          checked={!!t.is_active}
                          disabled={t.is_immutable || (toggle.isPending && toggle.variables === t.id)}
                          onChange={() =>
                            toggle.mutate(t.id, {
                              onSuccess: (saved) =>
                                enqueueSnackbar(`${def.nameOf(saved)} ${saved.is_active ? "activated" : "deactivated"}`, {
                                  variant: "success",
                                }),
                              onError: (err) =>
                                enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }),
                            })
                          }
                          slotProps={{ input: { "aria-label": `Active: ${name}` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell>{editButton(t)}</TableCell>
                    {remove && (
                      <TableCell>
                        <IconButton
                          aria-label={`Delete ${name}`}
                          disabled={t.is_immutable}
                          onClick={() => setDeleting({ type: t, error: null })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {remove && (
        <ConfirmDialog
          open={deleting.type !== null}
          title={deleting.type ? (def.confirmDelete?.(deleting.type) ?? `Delete ${def.nameOf(deleting.type)}?`) : ""}
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          error={deleting.error}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting({ type: null, error: null })}
        />
      )}
      {def.form.kind === "dialog" && (
        <TypeFormDialog
          def={def}
          open={dialog.open}
          type={dialog.type}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
    </Box>
  );
}
