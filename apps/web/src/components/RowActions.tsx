import { type ReactNode, useState } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { errorMessage } from "../lib/api.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { RouterLink } from "./RouterLink.tsx";

/** A list row's Edit (a link, or a click) and Delete buttons, named after the row ('Edit Acme'). */
export function RowActions({
  name,
  editTo,
  onEdit,
  onDelete,
  size = "small",
}: {
  name: string;
  editTo?: string;
  onEdit?: () => void;
  onDelete: () => void;
  size?: "small" | "medium";
}) {
  const icon = size === "small" ? "small" : undefined;
  return (
    <Box sx={{ display: "flex", whiteSpace: "nowrap" }}>
      {editTo ? (
        <IconButton size={size} aria-label={`Edit ${name}`} component={RouterLink} to={editTo}>
          <EditIcon fontSize={icon} />
        </IconButton>
      ) : (
        <IconButton size={size} aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditIcon fontSize={icon} />
        </IconButton>
      )}
      <IconButton size={size} aria-label={`Delete ${name}`} onClick={onDelete}>
        <DeleteIcon fontSize={icon} />
      </IconButton>
    </Box>
  );
}

export interface ConfirmDeleteOptions<R> {
  /** DELETE by id. */
  mutation: Pick<UseMutationResult<unknown, Error, number>, "mutate" | "isPending" | "isError" | "error" | "reset">;
  nameOf: (row: R) => string;
  /** What deleting means, in the dialog. */
  message: ReactNode;
  /** The success alert, if any. */
  deleted?: string;
  /** A failure closes the dialog and goes here; without it the dialog shows it. */
  onError?: (error: Error) => void;
}

/**
 * Deleting a row after an "Are you sure?" ('Delete {name}?'): `ask(row)` opens the dialog, which
 * the page renders (`dialog`); Delete calls the mutation with the row's id.
 */
export function useConfirmDelete<R extends { id: number }>({
  mutation,
  nameOf,
  message,
  deleted,
  onError,
}: ConfirmDeleteOptions<R>) {
  const { enqueueSnackbar } = useSnackbar();
  const [row, setRow] = useState<R | null>(null);
  const close = () => {
    mutation.reset();
    setRow(null);
  };
  const confirm = () => {
    if (!row) return;
    mutation.mutate(row.id, {
      onSuccess: () => {
        if (deleted) enqueueSnackbar(deleted, { variant: "success" });
        setRow(null);
      },
      onError: (error) => {
        if (!onError) return;
        setRow(null);
        onError(error);
      },
    });
  };
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={row ? `Delete ${nameOf(row)}?` : "Delete?"}
      confirmLabel="Delete"
      danger
      busy={mutation.isPending}
      error={!onError && mutation.isError ? errorMessage(mutation.error) : null}
      onConfirm={confirm}
      onClose={close}
    >
      {message}
    </ConfirmDialog>
  );
  return { ask: setRow, dialog };
}
