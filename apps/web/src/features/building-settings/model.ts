import { EMAIL_RECIPIENTS_SEPARATOR, EmailRecipientsField, emailRecipientsOf } from "@portico/contract";

/** 'a@x.org; b@y.org;' → ['a@x.org', 'b@y.org'] (blanks and repeats, in any case, dropped). */
export function splitRecipients(value: string): string[] {
  const out: string[] = [];
  for (const email of emailRecipientsOf(value))
    if (!out.some((e) => e.toLowerCase() === email.toLowerCase())) out.push(email);
  return out;
}

/** The stored form: semicolon-joined. */
export const joinRecipients = (list: readonly string[]) => list.join(EMAIL_RECIPIENTS_SEPARATOR);

/** The server's message for the list ('Enter a valid email address: x'), or null when it is valid. */
export function recipientErrors(list: readonly string[]): string | null {
  const parsed = EmailRecipientsField.safeParse(joinRecipients(list));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
