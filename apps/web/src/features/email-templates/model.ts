import type { EmailTemplateCategoryNode } from "@portico/contract";

export interface CategoryOption {
  id: number;
  title: string;
  depth: number;
}

/** Every category of the tree in order, with its depth (for indented choices). */
export function flattenCategories(nodes: EmailTemplateCategoryNode[], depth = 0): CategoryOption[] {
  return nodes.flatMap((n) => [{ id: n.id, title: n.title, depth }, ...flattenCategories(n.categories, depth + 1)]);
}

/** The ids of a category and everything under it (where it cannot be moved). */
export function subtreeIds(nodes: EmailTemplateCategoryNode[], id: number): Set<number> {
  const out = new Set<number>();
  const walk = (list: EmailTemplateCategoryNode[], inside: boolean) => {
    for (const n of list) {
      const here = inside || n.id === id;
      if (here) out.add(n.id);
      walk(n.categories, here);
    }
  };
  walk(nodes, false);
  return out;
}
