export * from "./core.ts";
export * from "./occupancies.ts";
export * from "./auth.ts";
export * from "./shift-logs.ts";
export * from "./mail.ts";
export * from "./notifications.ts";
export * from "./unit-profiles.ts";
export * from "./packages.ts";
