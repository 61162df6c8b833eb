import type { Db } from "~/db/client.server";
import { contact_requests } from "~/db/schema";
import { enqueueEmail, renderMail } from "~/services/email.server";
import { normalizeEmail } from "~/utils/email";
import { supportEmail } from "~/utils/env.server";
import { SUBJECT_LABELS } from "~/models/support/contact-schema";
import { consume, LIMITS } from "~/services/rate-limit.server";
import type { CONTACT_SUBJECTS } from "~/utils/enums";
import { translator } from "~/utils/i18n.server";
import type { Locale } from "~/utils/i18n";
import { openComplaint } from "~/models/support/complaints.server";

export type ContactInput = {
  name: string;
  email: string;
  subject: (typeof CONTACT_SUBJECTS)[number];
  message: string;
};

/**
 * Saves the request, opens its complaint (a ticket number, the acknowledgement mailed to the
 * sender in their language) and mails support, in one transaction: all happen, or none.
 */
export async function submitContactRequest(
  db: Db,
  input: ContactInput & { userId: string | null; ip: string; locale: Locale; now: Date },
): Promise<{ kind: "sent"; ticket: string } | { kind: "limited" }> {
  if (await consume(db, `contact:ip:${input.ip}`, LIMITS.contactPerIp, input.now)) return { kind: "limited" };
  const email = normalizeEmail(input.email);
  // Our support team reads English (docs/decisions/languages-hindi-how-it-is-built.md, "Hindi: how it is built").
  const subject = translator("en")(SUBJECT_LABELS[input.subject]);
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(contact_requests)
      .values({
        name: input.name,
        email,
        subject: input.subject,
        message: input.message,
        user_id: input.userId,
      })
      .returning({ id: contact_requests.id });
    const { ticket } = await openComplaint(tx, { kind: "contact", ref: `contact:${request!.id}`, userId: input.userId, from: { email, locale: input.locale }, now: input.now });
    await enqueueEmail(tx, {
      to: supportEmail(),
      subject: `[Contact ${ticket}] ${subject}: ${input.name}`,
      ...renderMail({
        heading: `New ${subject.toLowerCase()} request`,
        paragraphs: [`From: ${input.name} <${email}>`, ...input.message.split(/\n{2,}/)],
      }),
    });
    return { kind: "sent" as const, ticket };
  });
}
