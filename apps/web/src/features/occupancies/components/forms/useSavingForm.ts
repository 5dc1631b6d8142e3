import type { ReactNode } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import type { z } from "zod";
import { applyServerErrors } from "../../../../lib/forms.ts";
import { useUnsavedChanges } from "./UnsavedChangesPrompt.tsx";

export interface SavingFormOptions<V extends FieldValues, O> {
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** Saves the checked values; what it throws lands on the form. */
  save: (values: O) => Promise<unknown>;
  /** Once saved: this success message, then this page. */
  done?: { message: string; to: string };
  /** Fields the form shows (see `applyServerErrors`). */
  fields?: readonly string[];
  /** The error as the form should see it. */
  errorOf?: (error: unknown) => unknown;
}

/**
 * A manager form page: checked by `schema` on submit, asks before leaving with changes, and puts
 * a failed save's errors under their fields (the first one focused).
 */
export function useSavingForm<V extends FieldValues, O>({
  schema,
  defaultValues,
  save,
  done,
  fields,
  errorOf = (error) => error,
}: SavingFormOptions<V, O>): { form: UseFormReturn<V, unknown, O>; submit: () => Promise<void>; prompt: ReactNode } {
  const form = useForm<V, unknown, O>({
    mode: "onSubmit",
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, O>,
    defaultValues,
  });
  const { isSubmitting, isDirty } = form.formState;
  const { prompt, allow } = useUnsavedChanges(isDirty && !isSubmitting);
  const go = useSavedThenGo();
  const submit = form.handleSubmit(async (values) => {
    allow();
    try {
      await save(values);
      if (done) go(done.message, done.to);
    } catch (err) {
      allow(false);
      applyServerErrors(errorOf(err), form, fields ? { fields } : undefined);
    }
  });
  return { form, submit, prompt };
}

/** After a save: the success message, then the next page. */
export function useSavedThenGo(): (message: string, to: string) => void {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  return (message, to) => {
    enqueueSnackbar(message, { variant: "success" });
    void navigate(to);
  };
}
