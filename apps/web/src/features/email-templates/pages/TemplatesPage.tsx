import { type MouseEvent, useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import {
  EMAIL_TEMPLATE_MESSAGES as M,
  type EmailTemplateCategoryNode,
  type EmailTemplateSummary,
  MESSAGES,
} from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { serverErrorText } from "../../../lib/forms.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import {
  useCreateCategory,
  useCreateTemplate,
  useDeleteCategory,
  useDeleteTemplate,
  useTemplateHierarchy,
  useUpdateCategory,
} from "../api.ts";
import { CategoryDialog, type CategoryDialogProps } from "../components/CategoryDialog.tsx";
import { TemplateEditor } from "../components/TemplateEditor.tsx";
import { TemplateTree } from "../components/TemplateTree.tsx";
import { flattenCategories, subtreeIds } from "../model.ts";

export function Component() {
  const can = useCan();
  if (!can("memo.send")) return <Alert severity="info">{MESSAGES.permissionDenied}</Alert>;
  return <Page manage={can("email_templates.manage")} />;
}

type Dialog = Omit<CategoryDialogProps, "onClose"> | null;
type Deleting = { kind: "category" | "template"; id: number; title: string } | null;

/**
 * /{building}/communication/templates (document 3 sections 2 and 7): the template library as a
 * tree; categories are added, renamed, moved and deleted (only empty ones) from their menus;
 * a template chosen in the tree is edited beside it (title, category, content).
 */
function Page({ manage }: { manage: boolean }) {
  usePageTitle("Templates");
  const { id: building } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const tree = useTemplateHierarchy();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();
  const createTemplate = useCreateTemplate();
  const deleteTemplate = useDeleteTemplate();
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; category: EmailTemplateCategoryNode } | null>(null);
  const categories = tree.data?.categories ?? [];
  const options = flattenCategories(categories);
  const done = (message: string) => enqueueSnackbar(message, { variant: "success" });

  const addCategory = (parent: number | null) =>
    setDialog({
      title: "Add category",
      name: "",
      place: { value: parent, options, allowTop: true, label: "Parent category", field: "parent" },
      onSubmit: async (v) => {
        await createCategory.mutateAsync({ title: v.name, parent: v.place });
        done(M.categoryCreated);
      },
    });
  const addTemplate = (category: number | null) =>
    setDialog({
      title: "Add template",
      name: "",
      place: { value: category ?? options[0]?.id ?? null, options, allowTop: false, label: "Category", field: "category" },
      onSubmit: async (v) => {
        const t = await createTemplate.mutateAsync({ title: v.name, category: v.place ?? "", content: "" });
        setSelected(t.id);
        done(M.templateCreated);
      },
    });
  const renameCategory = (c: EmailTemplateCategoryNode) =>
    setDialog({
      title: `Rename ${c.title}`,
      name: c.title,
      onSubmit: async (v) => {
        await updateCategory.mutateAsync({ id: c.id, body: { title: v.name } });
        done(M.categoryUpdated);
      },
    });
  const moveCategory = (c: EmailTemplateCategoryNode) => {
    const inside = subtreeIds(categories, c.id);
    setDialog({
      title: `Move ${c.title}`,
      place: {
        value: c.parent,
        options: options.filter((o) => !inside.has(o.id)),
        allowTop: true,
        label: "Move under",
        field: "new_category_id",
      },
      onSubmit: async (v) => {
        await updateCategory.mutateAsync({ id: c.id, body: { new_category_id: v.place } });
        done(M.categoryUpdated);
      },
    });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer =
        deleting.kind === "category"
          ? await deleteCategory.mutateAsync(deleting.id)
          : await deleteTemplate.mutateAsync(deleting.id);
      if (deleting.kind === "template" && selected === deleting.id) setSelected(null);
      done(answer.detail);
      setDeleting(null);
    } catch (err) {
      setDeleteError(serverErrorText(err));
    }
  };

  const categoryMenu = (c: EmailTemplateCategoryNode) =>
    manage ? (
      <IconButton
        edge="end"
        size="small"
        aria-label={`Actions for ${c.title}`}
        onClick={(e: MouseEvent<HTMLElement>) => setMenu({ anchor: e.currentTarget, category: c })}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
    ) : null;
  const act = (run: (c: EmailTemplateCategoryNode) => void) => () => {
    if (menu) run(menu.category);
    setMenu(null);
  };
  const templateDelete = (t: EmailTemplateSummary) =>
    manage ? (
      <Button size="small" color="error" aria-label={`Delete ${t.title}`} onClick={() => setDeleting({ kind: "template", id: t.id, title: t.title })}>
        Delete
      </Button>
    ) : null;

  return (
    <Box>
      <PageHeader
        title="Templates"
        back={{ to: `/${building}/communication`, label: "Communication" }}
        actions={
          manage && (
            <Box sx={{ display: "flex", gap: 1 }}>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => addCategory(null)}>
                Add category
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => addTemplate(null)} disabled={!options.length}>
                Add template
              </Button>
            </Box>
          )
        }
      />
      {tree.isPending ? (
        <SectionProgress label="Loading templates" />
      ) : tree.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(tree.error))}</Alert>
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { md: "minmax(260px, 1fr) 2fr" }, alignItems: "start" }}>
          <Paper variant="outlined" sx={{ py: 1 }}>
            {categories.length ? (
              <TemplateTree
                label="Template library"
                categories={categories}
                selectedTemplateId={selected}
                onTemplate={(t) => setSelected(t.id)}
                categoryActions={categoryMenu}
                templateActions={templateDelete}
              />
            ) : (
              <Typography sx={{ p: 2, color: "text.secondary" }}>{M.noTemplates}</Typography>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {selected !== null ? (
              <TemplateEditor id={selected} categories={options} />
            ) : (
              <Typography sx={{ color: "text.secondary" }}>Choose a template in the tree to edit it.</Typography>
            )}
          </Paper>
        </Box>
      )}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={act((c) => addTemplate(c.id))}>Add template here</MenuItem>
        <MenuItem onClick={act((c) => addCategory(c.id))}>Add sub-category</MenuItem>
        <MenuItem onClick={act(renameCategory)}>Rename</MenuItem>
        <MenuItem onClick={act(moveCategory)}>Move</MenuItem>
        <MenuItem onClick={act((c) => setDeleting({ kind: "category", id: c.id, title: c.title }))}>Delete</MenuItem>
      </Menu>
      {dialog && <CategoryDialog {...dialog} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={
          deleting
            ? deleting.kind === "category"
              ? M.confirmDeleteCategory(deleting.title)
              : M.confirmDeleteTemplate(deleting.title)
            : ""
        }
        confirmLabel="Delete"
        danger
        busy={deleteCategory.isPending || deleteTemplate.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </Box>
  );
}
