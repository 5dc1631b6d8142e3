import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";

/** A form checked against its schema (the contract's words) on every change. */
export function useCheckedForm<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({ mode: "onChange", resolver: zodResolver(schema) as Resolver<T>, defaultValues });
}
