import { type Context, useContext } from "react";

/** A context's value, which must be provided: outside its provider, `misuse` is thrown. */
export function useRequiredContext<T>(context: Context<T | null>, misuse: string): T {
  const value = useContext(context);
  if (!value) throw new Error(misuse);
  return value;
}
