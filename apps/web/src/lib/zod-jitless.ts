/**
 * Zod compiles faster parsers with `new Function` unless told not to. The portal's
 * Content-Security-Policy forbids eval, and even zod's probe for it is reported as a policy
 * violation, so it parses without compiling. Imported first by main.tsx, before any schema runs.
 *
 * This is what `z.config({ jitless: true })` does, on the global object zod keeps its settings
 * in, without loading zod into the start-up bundle (zod-jitless.test.ts checks zod agrees).
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;
export {};
