import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { writtenAt } from "./columns.ts";

/**
 * Signing keys of the built-in identity provider, shared by every API instance.
 * `jwk` holds the private key (JWK); the newest active key signs.
 */
export const authKeys = pgTable("auth_keys", {
  id: serial("id").primaryKey(),
  kid: text("kid").notNull().unique(),
  use: text("use").notNull().default("sig"),
  jwk: jsonb("jwk").notNull(),
  date_created: writtenAt("date_created"),
});

/** Sessions, grants, codes and tokens of the built-in identity provider (oidc-provider adapter). */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text("id").notNull(),
    model: text("model").notNull(),
    payload: jsonb("payload").notNull(),
    grant_id: text("grant_id"),
    user_code: text("user_code"),
    uid: text("uid"),
    expires_at: timestamp("expires_at", { withTimezone: true }),
    consumed_at: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    index("oidc_payloads_pk").on(t.model, t.id),
    index("oidc_payloads_grant_idx").on(t.grant_id),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_expires_idx").on(t.expires_at),
  ],
);

/** Failed sign-in attempts, for rate limiting across instances. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("login_attempts_key_idx").on(t.key, t.date_created)],
);
