import { Fragment, type ReactNode, useState } from "react";
import Collapse from "@mui/material/Collapse";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import FolderIcon from "@mui/icons-material/Folder";
import DescriptionIcon from "@mui/icons-material/DescriptionOutlined";
import type { EmailTemplateCategoryNode, EmailTemplateSummary } from "@portico/contract";

const INDENT = 2.5;

export interface TemplateTreeProps {
  categories: EmailTemplateCategoryNode[];
  /** A template was clicked. */
  onTemplate: (template: EmailTemplateSummary) => void;
  selectedTemplateId?: number | null;
  /** Buttons shown at the end of a category's row (the editor's rename, move, delete). */
  categoryActions?: (category: EmailTemplateCategoryNode) => ReactNode;
  templateActions?: (template: EmailTemplateSummary) => ReactNode;
  /** The accessible name of the tree. */
  label: string;
}

/**
 * The template library as a nested list: each category expands (open at first) to its
 * sub-categories and templates, indented by depth.
 */
export function TemplateTree({ categories, label, ...rest }: TemplateTreeProps) {
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setClosed((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <List dense aria-label={label} component="nav" disablePadding>
      <Branch categories={categories} depth={0} closed={closed} toggle={toggle} {...rest} />
    </List>
  );
}

function Branch({
  categories,
  templates = [],
  depth,
  closed,
  toggle,
  onTemplate,
  selectedTemplateId,
  categoryActions,
  templateActions,
}: Omit<TemplateTreeProps, "label"> & {
  templates?: EmailTemplateSummary[];
  depth: number;
  closed: ReadonlySet<number>;
  toggle: (id: number) => void;
}) {
  const pad = 1 + depth * INDENT;
  return (
    <>
      {categories.map((c) => {
        const open = !closed.has(c.id);
        return (
          <Fragment key={`c${c.id}`}>
            <ListItem disablePadding secondaryAction={categoryActions?.(c)}>
              <ListItemButton sx={{ pl: pad }} onClick={() => toggle(c.id)} aria-expanded={open}>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <FolderIcon fontSize="small" color="action" />
                </ListItemIcon>
                <ListItemText primary={c.title} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
              </ListItemButton>
            </ListItem>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List dense disablePadding>
                <Branch
                  categories={c.categories}
                  templates={c.templates}
                  depth={depth + 1}
                  closed={closed}
                  toggle={toggle}
                  onTemplate={onTemplate}
                  selectedTemplateId={selectedTemplateId}
                  categoryActions={categoryActions}
                  templateActions={templateActions}
                />
              </List>
            </Collapse>
          </Fragment>
        );
      })}
      {templates.map((t) => (
        <ListItem key={`t${t.id}`} disablePadding secondaryAction={templateActions?.(t)}>
          <ListItemButton sx={{ pl: pad }} selected={selectedTemplateId === t.id} onClick={() => onTemplate(t)}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <DescriptionIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t.title} />
          </ListItemButton>
        </ListItem>
      ))}
    </>
  );
}
