import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LibraryBooksIcon from "@mui/icons-material/LibraryBooks";
import { EMAIL_TEMPLATE_MESSAGES as M, MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { fetchTemplate, useTemplateHierarchy } from "../api.ts";
import { TemplateTree } from "./TemplateTree.tsx";

export interface PickedTemplate {
  title: string;
  content: string;
}

/**
 * 'Insert template': a button opening the template tree; choosing a template fetches its content
 * and hands it to `onPick`.
 */
export function TemplatePicker({ onPick, disabled }: { onPick: (template: PickedTemplate) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const tree = useTemplateHierarchy({ enabled: open });
  const categories = tree.data?.categories ?? [];

  const pick = async (id: number) => {
    setLoading(true);
    setError(null);
    try {
      const t = await fetchTemplate(id);
      onPick({ title: t.title, content: t.content });
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<LibraryBooksIcon />} onClick={() => setOpen(true)} disabled={disabled}>
        {M.pickTemplate}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{M.pickTemplate}</DialogTitle>
        <DialogContent dividers>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {tree.isPending || loading ? (
            <SectionProgress label="Loading templates" />
          ) : tree.isError ? (
            <Alert severity="error">{MESSAGES.failedList(errorMessage(tree.error))}</Alert>
          ) : categories.length === 0 ? (
            <Alert severity="info">{M.noTemplates}</Alert>
          ) : (
            <TemplateTree label="Templates" categories={categories} onTemplate={(t) => void pick(t.id)} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
