import type { ComponentType, ReactNode } from "react";
import type { ZodType } from "zod";

/**
 * A settings screen of a global "types" list (shift log types, package types, and the
 * instruction, contractor, maintenance request, amenity, reservation, listing, e-mail category
 * and event types to come), described once: its columns, its form's fields on the contract's
 * schema, and the feature's hooks of the list's API. `TypeListPage` shows the list (name, the
 * columns, an Active? switch, Edit); the form opens in a dialog or on its own pages.
 */
export interface TypeItem {
  id: number;
  is_active?: boolean;
  is_immutable?: boolean;
}

export interface TypeColumn<T> {
  label: string;
  render: (type: T) => ReactNode;
  align?: "left" | "right";
  /** Muted, wrapping text (descriptions). */
  secondary?: boolean;
}

export interface TypeOption {
  value: string;
  label: string;
  /** A colour swatch shown with the option (colour fields). */
  color?: string;
}

interface FieldBase {
  /** The body field (and the contract schema's key). */
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
}
export type TypeField =
  | (FieldBase & {
      kind: "text" | "number" | "multiline";
      /** Longest input (the contract's limit). */
      max?: number;
      /** Typed in capitals. */
      upperCase?: boolean;
    })
  | (FieldBase & {
      /** A choice; "color" shows each option's swatch. */
      kind: "select" | "color";
      /** The choices (a hook of the feature's API; undefined while loading). */
      useOptions: () => TypeOption[] | undefined;
    })
  | (FieldBase & {
      /** Several choices (a list of the options' values). */
      kind: "multiselect";
      useOptions: () => TypeOption[] | undefined;
    })
  | (FieldBase & { kind: "checkbox" });

export type FormValues = Record<string, unknown>;

/** What the screens use of a query (TanStack Query's result fits). */
export interface TypeQuery<D> {
  data?: D;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** The feature's hooks of the list's calls (its query keys stay its own). */
export interface TypeListApi<T extends TypeItem, Body> {
  useList(): TypeQuery<T[]>;
  /** One type (forms on their own pages). */
  useOne?(id: number | null): TypeQuery<T>;
  useCreate(): { mutateAsync(body: Body): Promise<T> };
  useUpdate(): { mutateAsync(v: { id: number; body: Body }): Promise<T> };
  /** Lists whose types may be deleted (after a confirmation); the answer's `detail` is the success alert. */
  useDelete?(): { mutateAsync(id: number): Promise<{ detail: string }>; isPending: boolean };
  /** Lists without an active flag have none. */
  useToggle?(): {
    mutate(id: number, options?: { onSuccess?(type: T): void; onError?(error: Error): void }): void;
    isPending: boolean;
    variables?: number;
  };
}

export interface TypeListDefinition<T extends TypeItem, Body = unknown> {
  /** The page title and the table's name: 'Shift log types'. */
  title: string;
  /** One type, lower case: 'shift log type' ('Add shift log type', 'Edit shift log type'). */
  noun: string;
  /** The note above the list: 'Changes to shift log types apply to all buildings.' */
  note: string;
  /** What names a type in the list and in labels ('Edit General'). */
  nameOf: (type: T) => string;
  /** The columns between the name and Active?. */
  columns: TypeColumn<T>[];
  /** The form's fields, in order. */
  fields: TypeField[];
  /** The contract's schema of a write: the form validates with it and sends what it gives. */
  schema: ZodType<Body>;
  /** The form's values for a type (null: a new one). Every field has a value. */
  toValues: (type: T | null) => FormValues;
  /** Why an immutable type is locked (tooltip and the edit page's note). */
  lockedMessage: string;
  /** The success alert of a save (or one for a new type, another for an edit). */
  savedMessage: string | ((isNew: boolean) => string);
  /** The question before a delete (lists with `api.useDelete`). */
  confirmDelete?: (type: T) => string;
  /** Shown under the fields while typing (a colour chip …). */
  Preview?: ComponentType<{ values: FormValues }>;
  api: TypeListApi<T, Body>;
  /** A dialog on the list, or pages of their own (list, create and edit paths, the route's id param). */
  form: { kind: "dialog" } | { kind: "page"; list: string; create: string; edit: (id: number) => string; param: string };
}
