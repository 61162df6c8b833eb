import type { Db } from "~/db/client.server";
import { contact_requests } from "~/db/schema";
import { enqueueEmail, renderMail } from "~/services/email.server";
import { normalizeEmail } from "~/utils/email";
import { supportEmail } from "~/utils/env.server";
import { SUBJECT_LABELS } from "~/models/support/contact-schema";
import { consume, LIMITS } from "~/services/rate-limit.server";
import type { CONTACT_SUBJECTS } from "~/utils/enums";
import { translator } from "~/utils/i18n.server";

export type ContactInput = {
  name: string;
  email: string;
  subject: (typeof CONTACT_SUBJECTS)[number];
  message: string;
};

/** Saves the request and mails support in one transaction: both happen, or neither. */
export async function submitContactRequest(
  db: Db,
  input: ContactInput & { userId: string | null; ip: string; now: Date },
): Promise<"sent" | "limited"> {
  if (await consume(db, `contact:ip:${input.ip}`, LIMITS.contactPerIp, input.now)) return "limited";
  const email = normalizeEmail(input.email);
  // Our support team reads English (docs/decisions/languages-hindi-how-it-is-built.md, "Hindi: how it is built").
  const subject = translator("en")(SUBJECT_LABELS[input.subject]);
  await db.transaction(async (tx) => {
    await tx.insert(contact_requests).values({
      name: input.name,
      email,
      subject: input.subject,
      message: input.message,
      user_id: input.userId,
    });
    await enqueueEmail(tx, {
      to: supportEmail(),
      subject: `[Contact] ${subject}: ${input.name}`,
      ...renderMail({
        heading: `New ${subject.toLowerCase()} request`,
        paragraphs: [`From: ${input.name} <${email}>`, ...input.message.split(/\n{2,}/)],
      }),
    });
  });
  return "sent";
}
