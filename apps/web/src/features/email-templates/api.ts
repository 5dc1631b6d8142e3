/**
 * The e-mail template library's calls (document 3 section 7): the tree, one template, category
 * and template writes. Every write invalidates everything under `templateKeys.all`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EmailCategoryPatchInput,
  EmailCategoryWriteInput,
  EmailTemplate,
  EmailTemplateCategory,
  EmailTemplateDeleted,
  EmailTemplateHierarchy,
  EmailTemplatePatchInput,
  EmailTemplateWriteInput,
} from "@portico/contract";
import { api, request } from "../../lib/api.ts";

export const templateKeys = {
  all: ["email-templates"] as const,
  hierarchy: () => [...templateKeys.all, "hierarchy"] as const,
  detail: (id: number) => [...templateKeys.all, "detail", id] as const,
};

const STALE_MS = 5 * 60_000;

/** GET /emails/templates_hierarchy/ — the tree of categories and templates. */
export function useTemplateHierarchy(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: templateKeys.hierarchy(),
    queryFn: ({ signal }) => api.get<EmailTemplateHierarchy>("/emails/templates_hierarchy/", undefined, signal),
    staleTime: STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/** GET /emails/templates/{id}/ — a template with its content. */
export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<EmailTemplate>(`/emails/templates/${id}/`, undefined, signal),
    enabled: id !== null,
  });
}

/** Fetches a template's content (the picker asks it when one is chosen). */
export const fetchTemplate = (id: number) => api.get<EmailTemplate>(`/emails/templates/${id}/`);

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCreateCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EmailCategoryWriteInput) => api.post<EmailTemplateCategory>("/emails/categories/", body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EmailCategoryPatchInput }) =>
      request<EmailTemplateCategory>("PATCH", `/emails/categories/${id}/`, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<EmailTemplateDeleted>(`/emails/categories/${id}/`),
    onSuccess: () => invalidate(),
  });
}

export function useCreateTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EmailTemplateWriteInput) => api.post<EmailTemplate>("/emails/templates/", body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EmailTemplatePatchInput }) =>
      request<EmailTemplate>("PATCH", `/emails/templates/${id}/`, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<EmailTemplateDeleted>(`/emails/templates/${id}/`),
    onSuccess: () => invalidate(),
  });
}
