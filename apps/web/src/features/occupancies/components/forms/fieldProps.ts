/**
 * A react-hook-form field for an MUI TextField: everything but `ref`, which goes to `inputRef`.
 * Spreading `ref` too would hand the form the TextField's outer <div> (attached last), and
 * "focus the first field with a server error" would focus nothing.
 */
export function withoutRef<T extends { ref: unknown }>(field: T): Omit<T, "ref"> {
  const { ref: _ref, ...rest } = field;
  return rest;
}
