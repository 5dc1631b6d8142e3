import type { MailEventProvider } from "@portico/contract";
import type { MailEventAdapter } from "./common.ts";
import { generic } from "./generic.ts";
import { mailgun } from "./mailgun.ts";
import { sendgrid } from "./sendgrid.ts";
import { postmark } from "./postmark.ts";
import { ses } from "./ses.ts";
import { dsn } from "./dsn.ts";

/** Every provider's adapter, by the name in the path. */
export const ADAPTERS: Record<MailEventProvider, MailEventAdapter> = { generic, mailgun, sendgrid, postmark, ses, dsn };
export type { MailEventAdapter, RawMailEvent } from "./common.ts";
