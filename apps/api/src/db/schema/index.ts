export * from "./core.ts";
export * from "./occupancies.ts";
export * from "./auth.ts";
