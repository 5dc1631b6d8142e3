import { useEffect, useRef } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import type { z } from "zod";
import { applyServerErrors } from "../../../../lib/forms.ts";
import { useMe } from "../../../../lib/session.tsx";
import { readDraft, writeDraft } from "./drafts.ts";

export interface ProfileFormOptions<V extends FieldValues, O> {
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** Fields the form shows (others' errors are form-wide). */
  fields: readonly string[];
  /** Saves the checked body; returns the success message. */
  save: (body: O) => Promise<string>;
  onDone: () => void;
  /** What is typed is kept as a draft (per user and unit) until it is saved. */
  draft?: { kind: string; occupancyId: number; worthKeeping: (values: Partial<V>) => boolean };
}

/**
 * A form in one of the profile's dialogs: checked by the contract's schema; a save shows its
 * message and closes; a failed one puts its errors under their fields or over the buttons.
 */
export function useProfileForm<V extends FieldValues, O>({
  schema,
  defaultValues,
  fields,
  save,
  onDone,
  draft,
}: ProfileFormOptions<V, O>) {
  const me = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<V, unknown, O>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, O>,
    defaultValues: (draft && readDraft<DefaultValues<V>>(draft.kind, me.id, draft.occupancyId)) ?? defaultValues,
  });

  const values = useWatch({ control: form.control }) as Partial<V>;
  const kept = draft?.worthKeeping(values) ? JSON.stringify(values) : null;
  const saved = useRef(false);
  const kind = draft?.kind;
  const occupancyId = draft?.occupancyId;
  useEffect(() => {
    if (kind && occupancyId !== undefined && !saved.current)
      writeDraft(kind, me.id, occupancyId, kept === null ? null : JSON.parse(kept));
  }, [kind, kept, me.id, occupancyId]);

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors("root");
    try {
      const message = await save(body);
      saved.current = true;
      if (kind && occupancyId !== undefined) writeDraft(kind, me.id, occupancyId, null);
      enqueueSnackbar(message, { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields });
    }
  });
  const rootError = (form.formState.errors.root as Record<string, { message?: string }> | undefined)?.serverError
    ?.message;
  return { form, onSubmit, rootError };
}
