/**
 * Instruction calls (document 2 section 7, document 1 section 7): a query-key factory and one
 * hook per call, with the spec's refresh intervals (dashboard 5 min, food deliveries and expired
 * instructions 20 min). Every instruction write invalidates everything under
 * `instructionKeys.all` (grid, lists, drawers, detail, history, profile panels).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Event,
  type Instruction,
  type InstructionType,
  type InstructionTypeWriteInput,
  INSTRUCTION_QUERY_LIMIT,
  type TenantPermissionType,
} from "@portico/contract";
import { api, type Page, type QueryParams, request } from "../../lib/api.ts";
import { liveRefetchInterval } from "../../lib/live.ts";

export const instructionKeys = {
  all: ["instructions"] as const,
  lists: () => [...instructionKeys.all, "list"] as const,
  list: (params: QueryParams) => [...instructionKeys.lists(), params] as const,
  expired: (params: QueryParams) => [...instructionKeys.all, "expired", params] as const,
  security: (building: number) => [...instructionKeys.all, "security", building] as const,
  detail: (id: number) => [...instructionKeys.all, "detail", id] as const,
  events: (id: number) => [...instructionKeys.all, "events", id] as const,
  types: () => ["instruction-types"] as const,
  typeList: (params: QueryParams) => [...instructionKeys.types(), "list", params] as const,
  colors: () => [...instructionKeys.types(), "colors"] as const,
  tenantPermissions: () => [...instructionKeys.types(), "tenant-permissions"] as const,
};

const LIST = "/instructions/instructions/";
const DETAIL = "/instructions/detailed-instructions/";
const TYPES = "/instructions/instruction-types/";

interface ReadOptions {
  enabled?: boolean;
  /** Milliseconds between refetches (slowed down while the live stream is connected). */
  refetchEvery?: number;
}

function useInvalidateInstructions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: instructionKeys.all });
}

// Reads -------------------------------------------------------------------------------------

/**
 * GET /instructions/instructions/ — building, occupancy, limit, offset, food_delivery,
 * exclude_food_delivery, status, occupancy__is_active, occupant_status, apartment,
 * instruction_type, search, date_range_min/max, ordering.
 */
export function useInstructions(params: QueryParams, options: ReadOptions = {}) {
  return useQuery({
    queryKey: instructionKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Instruction>>(LIST, params, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchEvery ? liveRefetchInterval(options.refetchEvery) : undefined,
  });
}

/** GET /instructions/instructions/expired/ — expired in the past 30 days. */
export function useExpiredInstructions(params: QueryParams, options: ReadOptions = {}) {
  return useQuery({
    queryKey: instructionKeys.expired(params),
    queryFn: ({ signal }) => api.get<Page<Instruction>>(`${LIST}expired/`, params, signal),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchEvery ? liveRefetchInterval(options.refetchEvery) : undefined,
  });
}

/** GET /instructions/instructions/security/ — active instructions of the security types. */
export function useSecurityInstructions(building: number, options: ReadOptions = {}) {
  return useQuery({
    queryKey: instructionKeys.security(building),
    queryFn: ({ signal }) =>
      api.get<Page<Instruction>>(`${LIST}security/`, { building, limit: INSTRUCTION_QUERY_LIMIT }, signal),
    enabled: options.enabled ?? true,
  });
}

/** GET /instructions/detailed-instructions/{id}/?building */
export function useInstruction(id: number, building: number) {
  return useQuery({
    queryKey: instructionKeys.detail(id),
    queryFn: ({ signal }) => api.get<Instruction>(`${DETAIL}${id}/`, { building }, signal),
    enabled: id > 0,
  });
}

/** GET /instructions/detailed-instructions/{id}/events/?building — newest first. */
export function useInstructionEvents(id: number, building: number) {
  return useQuery({
    queryKey: instructionKeys.events(id),
    queryFn: ({ signal }) =>
      api.get<Page<Event>>(`${DETAIL}${id}/events/`, { building, ordering: "-date_created", limit: 1000 }, signal),
    enabled: id > 0,
  });
}

// Writes ------------------------------------------------------------------------------------

/** The form's values as the API takes them (multipart). */
export interface InstructionInput {
  occupancy: number;
  instruction_type: number;
  name: string;
  instruction_text: string;
  /** Only on creation: the start date cannot change afterwards. */
  start_date?: string;
  /** 'YYYY-MM-DD', or '' for none. */
  expiration_date: string;
  photo?: Blob | null;
}

export function instructionForm(input: InstructionInput): FormData {
  const form = new FormData();
  form.append("occupancy", String(input.occupancy));
  form.append("instruction_type", String(input.instruction_type));
  form.append("name", input.name);
  form.append("instruction_text", input.instruction_text);
  if (input.start_date !== undefined) form.append("start_date", input.start_date);
  form.append("expiration_date", input.expiration_date);
  if (input.photo) form.append("photo_url", input.photo, photoName(input.photo));
  return form;
}

const photoName = (photo: Blob) => (photo instanceof File && photo.name ? photo.name : "instruction-photo.jpg");

/** POST /instructions/instructions/?building (multipart). */
export function useCreateInstruction(building: number) {
  const invalidate = useInvalidateInstructions();
  return useMutation({
    mutationFn: (input: InstructionInput) =>
      request<Instruction>("POST", LIST, { body: instructionForm(input), params: { building } }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /instructions/instructions/{id}/?building (multipart; no start_date). */
export function useEditInstruction(building: number) {
  const invalidate = useInvalidateInstructions();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: Omit<InstructionInput, "start_date"> }) =>
      request<Instruction>("PATCH", `${LIST}${id}/`, { body: instructionForm(input), params: { building } }),
    onSuccess: () => invalidate(),
  });
}

/** POST /instructions/instructions/{id}/expire/?building — also 'Arrived' for a food delivery. */
export function useExpireInstruction(building: number) {
  const invalidate = useInvalidateInstructions();
  return useMutation({
    mutationFn: (id: number) => api.post<Instruction>(`${LIST}${id}/expire/`, undefined, { building }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH (binary) /instructions/instructions-photos/{id}/?building with photo_url. */
export function useRetakeInstructionPhoto(building: number) {
  const invalidate = useInvalidateInstructions();
  return useMutation({
    mutationFn: ({ id, photo }: { id: number; photo: Blob }) => {
      const form = new FormData();
      form.append("photo_url", photo, photoName(photo));
      return request<Instruction>("PATCH", `/instructions/instructions-photos/${id}/`, {
        body: form,
        params: { building },
      });
    },
    onSuccess: () => invalidate(),
  });
}

// Types -------------------------------------------------------------------------------------

/** GET /instructions/instruction-types/ (is_active), by display order. */
export function useInstructionTypes(params: QueryParams = {}) {
  return useQuery({
    queryKey: instructionKeys.typeList(params),
    queryFn: async ({ signal }) => {
      const data = await api.get<Page<InstructionType> | InstructionType[]>(TYPES, { limit: 1000, ...params }, signal);
      const list = Array.isArray(data) ? data : data.results;
      return [...list].sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));
    },
    staleTime: 30_000,
  });
}

/** GET /instructions/instruction-types/colors/ */
export function useInstructionColors() {
  return useQuery({
    queryKey: instructionKeys.colors(),
    queryFn: ({ signal }) =>
      api.get<{ name: string; color_hex: string; font_color_hex: string }[]>(`${TYPES}colors/`, undefined, signal),
    staleTime: Infinity,
  });
}

/** GET /instructions/tenant_permission_types/ — what residents may do with a type. */
export function useTenantPermissionTypes() {
  return useQuery({
    queryKey: instructionKeys.tenantPermissions(),
    queryFn: ({ signal }) =>
      api.get<{ value: TenantPermissionType; display: string }[]>(
        "/instructions/tenant_permission_types/",
        undefined,
        signal,
      ),
    staleTime: Infinity,
  });
}

/** POST /instructions/instruction-types/ */
export function useCreateInstructionType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstructionTypeWriteInput) => api.post<InstructionType>(TYPES, body),
    onSuccess: () => client.invalidateQueries({ queryKey: instructionKeys.types() }),
  });
}

/** PATCH /instructions/instruction-types/{id}/ */
export function useUpdateInstructionType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<InstructionTypeWriteInput> }) =>
      api.patch<InstructionType>(`${TYPES}${id}/`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: instructionKeys.types() }),
  });
}

/** POST /instructions/instruction-types/{id}/toggle_active/ */
export function useToggleInstructionType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<InstructionType>(`${TYPES}${id}/toggle_active/`),
    onSuccess: () => client.invalidateQueries({ queryKey: instructionKeys.types() }),
  });
}
