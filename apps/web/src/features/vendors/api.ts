/**
 * Vendor calls (document 2 section 7, "Vendors"): a query-key factory and one hook per call.
 * Every write invalidates everything under `vendorKeys.all`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Vendor,
  type VendorDeleted,
  VENDOR_EXCEL_FILENAME,
  type VendorPatchInput,
  type VendorUploadResult,
  type VendorWriteInput,
} from "@portico/contract";
import { api, downloadSpreadsheet, type Page, type QueryParams, request } from "../../lib/api.ts";

export const vendorKeys = {
  all: ["vendors"] as const,
  list: (building: number, params: QueryParams) => [...vendorKeys.all, "list", building, params] as const,
};

function useInvalidateVendors() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: vendorKeys.all });
}

/** GET /vendors/?building — by name; limit, offset. */
export function useVendors(building: number, params: QueryParams) {
  return useQuery({
    queryKey: vendorKeys.list(building, params),
    queryFn: ({ signal }) => api.get<Page<Vendor>>("/vendors/", { building, ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /vendors/as_excel/?building — the spreadsheet the upload takes back. */
export function exportVendors(building: number) {
  return downloadSpreadsheet("/vendors/as_excel/", VENDOR_EXCEL_FILENAME, { building });
}

/** POST /vendors/ */
export function useCreateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (body: VendorWriteInput) => api.post<Vendor>("/vendors/", body),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /vendors/{id}/ */
export function useUpdateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorPatchInput }) => api.patch<Vendor>(`/vendors/${id}/`, body),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /vendors/{id}/ */
export function useDeleteVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (id: number) => api.delete<VendorDeleted | null>(`/vendors/${id}/`),
    onSuccess: () => invalidate(),
  });
}

/** POST /vendors/upload_excel/ (multipart: building, vendors_file) — replaces all the building's vendors. */
export function useUploadVendors(building: number) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("building", String(building));
      form.append("vendors_file", file, file.name);
      return request<VendorUploadResult>("POST", "/vendors/upload_excel/", { body: form });
    },
    onSuccess: () => invalidate(),
  });
}
