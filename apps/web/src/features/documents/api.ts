/**
 * Building document calls (document 3 section 7): the list and the multipart writes. Every write
 * invalidates everything under `documentKeys.all`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BuildingDocument, DocumentDeleted } from "@portico/contract";
import { api, type Page, type QueryParams, request } from "../../lib/api.ts";

export const documentKeys = {
  all: ["documents"] as const,
  list: (building: number, params: QueryParams) => [...documentKeys.all, "list", building, params] as const,
};

/** GET /emails/documents/?building — newest first; limit, offset, search. */
export function useDocuments(building: number, params: QueryParams) {
  return useQuery({
    queryKey: documentKeys.list(building, params),
    queryFn: ({ signal }) => api.get<Page<BuildingDocument>>("/emails/documents/", { building, ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

/** What the drawer sends: the fields and, when chosen, a file. */
export interface DocumentInput {
  title: string;
  subtitle: string;
  is_visible_to_tenants: boolean;
  is_visible_to_staff: boolean;
  file: File | null;
}

function documentForm(input: DocumentInput, building?: number): FormData {
  const form = new FormData();
  if (building !== undefined) form.append("building", String(building));
  form.append("title", input.title);
  form.append("subtitle", input.subtitle);
  form.append("is_visible_to_tenants", String(input.is_visible_to_tenants));
  form.append("is_visible_to_staff", String(input.is_visible_to_staff));
  if (input.file) form.append("file", input.file, input.file.name);
  return form;
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentKeys.all });
}

/** POST /emails/documents/ (multipart). */
export function useCreateDocument(building: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: DocumentInput) =>
      request<BuildingDocument>("POST", "/emails/documents/", { body: documentForm(input, building) }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /emails/documents/{id}/ (multipart). */
export function useUpdateDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DocumentInput }) =>
      request<BuildingDocument>("PATCH", `/emails/documents/${id}/`, { body: documentForm(input) }),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /emails/documents/{id}/ */
export function useDeleteDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<DocumentDeleted>(`/emails/documents/${id}/`),
    onSuccess: () => invalidate(),
  });
}
