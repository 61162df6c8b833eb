// Issue 67, point 2: an operator outside India may switch a parent's verification off (PARENTAL_CONSENT_VERIFY=off,
// docs/decisions/privacy-parent-verified.md): the consent page then offers no DigiLocker step, the parent's word
// consents, and the record says it was not verified. (The environment is read once per file: set before the first read.)
import { desc, eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, parental_consents, users } from "~/db/schema";
import { askParent } from "~/models/accounts/parents/parental-consent.server";
import * as consentPage from "~/routes/consent.$token";
import { createUser } from "~/seed/factories.server";
import { call, formRequest, getRequest } from "../support/remix";

const before = process.env.PARENTAL_CONSENT_VERIFY;
process.env.PARENTAL_CONSENT_VERIFY = "off";
afterAll(() => {
  if (before === undefined) delete process.env.PARENTAL_CONSENT_VERIFY;
  else process.env.PARENTAL_CONSENT_VERIFY = before;
});

test("with verification off the parent's word consents, and the consent says it was not verified", async () => {
  const userId = await createUser(db, { email: "unverified-child@example.in", passwordHash: "x", fullName: "Tara" });
  await db.update(users).set({ birth_date: `${new Date().getUTCFullYear() - 15}-01-15` }).where(eq(users.id, userId));
  await db.transaction((tx) => askParent(tx, { userId, childName: "Tara", childEmail: "unverified-child@example.in", parentEmail: "word-parent@example.in", locale: "en", now: new Date() }));
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "word-parent@example.in")).orderBy(desc(email_outbox.created_at)).limit(1);
  const token = /\/consent\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await call(consentPage.loader, getRequest(`/consent/${token}`), { params: { token } })).data.verification).toBeNull();
  expect((await call(consentPage.action, formRequest(`/consent/${token}`, { intent: "consent", declare: "on" }), { params: { token } })).location).toBe(`/consent/${token}`);
  const [consent] = await db.select().from(parental_consents).where(eq(parental_consents.user_id, userId));
  expect(consent).toMatchObject({ verified_by: "off", verified_subject_hash: null, verified_issuer: null });
  expect(consent!.verified_at).not.toBeNull();
  expect(consent!.consented_at).not.toBeNull();
});
