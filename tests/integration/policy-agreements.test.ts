// Versions of what people agreed to (issue 67, point 7): sign-up records the terms' and the
// privacy policy's versions and the time; a signed-in person whose newest agreement is older
// (or who has none: an account from before versions) is sent to /account/agree before an
// enrolment (free or paid), a payment or a listing, by the server, so a crafted post writes
// nothing; agreeing once records it and lets them go on. Through the routes' own loaders and actions.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { marketplace_products, orders, payments, policy_agreements, user_cart, user_contest_entries } from "~/db/schema";
import { signup } from "~/models/accounts/account.server";
import { startOver } from "~/models/accounts/address-proof.server";
import { createSession } from "~/models/accounts/auth.server";
import { agreedVersions, needsAgreement, recordAgreement, requireAgreement } from "~/models/accounts/agreements/agreements.server";
import { currentVersions, POLICY_HISTORY, type PolicyHistory } from "~/models/accounts/agreements/policy-versions";
import { exportPersonalData } from "~/models/accounts/personal-data.server";
import "~/models/person-data.server";
import { createContest, createProduct, createUser } from "~/seed/factories.server";
import * as agree from "~/routes/account_.agree";
import * as pay from "~/routes/contest.$id.pay";
import * as createOrder from "~/routes/api.payment.create-order";
import * as checkout from "~/routes/checkout";
import * as storeNew from "~/routes/store.new";
import * as terms from "~/routes/terms";
import { call, cookieFrom, formRequest, getRequest, jsonRequest } from "../support/remix";
import { multipart, photos, productForm, sellerAndFields } from "../support/listings";

const HOUR = 3_600_000;
let n = 0;
const unique = () => `${Date.now().toString(36)}-${++n}-${Math.random().toString(36).slice(2, 7)}`;
const upcoming = (fee: number) =>
  createContest(db, { title: `Agreement Cup ${unique()}`, subject: "Maths", kind: fee > 0 ? "practice" : "free", entry_fee: fee, start_time: new Date(Date.now() + HOUR), end_time: new Date(Date.now() + 2 * HOUR), duration_minutes: 30, questions: [["1 + 1?", ["1", "2"], "2"]] });

/** A signed-in account from before the versions were recorded: no agreement at all. */
async function accountFromBefore() {
  const userId = await createUser(db, { email: `before-${unique()}@example.in`, passwordHash: "x", agreed: false });
  const cookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, userId) }))!;
  return { userId, cookie };
}

const agreementsOf = (userId: string) => db.select().from(policy_agreements).where(eq(policy_agreements.user_id, userId));
const agreeAt = (next: string) => `/account/agree?${new URLSearchParams({ next })}`;

/** The module's history with a second version of the terms: what a change looks like to someone who agreed to the first. */
const withTermsV2: PolicyHistory = { ...POLICY_HISTORY, terms: [...POLICY_HISTORY.terms, { version: 2, date: "2027-03-01", changed: "account.policies.changed.terms1" }] };

test("sign-up records the current versions of the terms and privacy policy, and when", async () => {
  const now = new Date("2026-12-07T09:30:00Z");
  const created = await signup(db, { email: `new-${unique()}@example.in`, password: "Correct-Horse-42-battery", fullName: "Asha Rao", birthDate: "1998-04-12", ip: `198.51.100.${n % 250}`, now });
  expect(created.ok).toBe(true);
  const userId = (created as { userId: string }).userId;
  const rows = await agreementsOf(userId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ terms_version: currentVersions().terms, privacy_version: currentVersions().privacy, via: "signup" });
  expect(rows[0]!.agreed_at.toISOString()).toBe(now.toISOString());
  expect(await needsAgreement(db, userId)).toBe(false);
  // The person's download says what they agreed to.
  const data = (await exportPersonalData(db, userId, now)) as unknown as { agreements: Array<Record<string, unknown>> };
  expect(data.agreements).toEqual([expect.objectContaining({ terms_version: currentVersions().terms, via: "signup" })]);
});

test("an account from before versions is sent to agree before a free enrolment; a crafted post enrols nothing; agreeing once lets them on", async () => {
  const contest = await upcoming(0);
  const { userId, cookie } = await accountFromBefore();
  const params = { id: contest.id };
  const page = await call(pay.loader, getRequest(`/contest/${contest.id}/pay`, cookie), { params });
  expect(page.location).toBe(agreeAt(`/contest/${contest.id}/pay`));
  const crafted = await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay" }, cookie), { params });
  expect(crafted.location).toBe(agreeAt(`/contest/${contest.id}/pay`));
  expect(await db.$count(user_contest_entries, and(eq(user_contest_entries.user_id, userId), eq(user_contest_entries.contest_id, contest.id)))).toBe(0);

  // The page says what changed, and records nothing until the box is ticked.
  const shown = await call(agree.loader, getRequest(agreeAt(`/contest/${contest.id}/pay`), cookie));
  expect(shown.data.changes.map((c: { changed: string }) => c.changed)).toEqual(["account.policies.changed.terms1", "account.policies.changed.privacy1"]);
  expect(shown.data.next).toBe(`/contest/${contest.id}/pay`);
  const { terms: t, privacy: p } = currentVersions();
  const unticked = await call(agree.action, formRequest("/account/agree", { terms: String(t), privacy: String(p), next: `/contest/${contest.id}/pay` }, cookie));
  expect(unticked.status).toBe(400);
  expect(await agreementsOf(userId)).toHaveLength(0);

  const agreed = await call(agree.action, formRequest("/account/agree", { terms: String(t), privacy: String(p), next: `/contest/${contest.id}/pay`, agree: "on" }, cookie));
  expect(agreed.location).toBe(`/contest/${contest.id}/pay`);
  expect(await agreementsOf(userId)).toEqual([expect.objectContaining({ terms_version: t, privacy_version: p, via: "asked" })]);

  // Asked once: the page itself now sends them on, and the enrolment goes through.
  expect((await call(agree.loader, getRequest(agreeAt(`/contest/${contest.id}/pay`), cookie))).location).toBe(`/contest/${contest.id}/pay`);
  const enrolled = await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay" }, cookie), { params });
  expect(enrolled.location).toBe(`/contest/${contest.id}/confirmation`);
  expect(await agreementsOf(userId)).toHaveLength(1);
});

test("a paid enrolment, the pay page's script, the checkout and a new listing refuse to write before agreeing", async () => {
  const contest = await upcoming(49);
  const buyer = await accountFromBefore();
  const params = { id: contest.id };
  expect((await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay", device: "yes" }, buyer.cookie), { params })).location).toBe(agreeAt(`/contest/${contest.id}/pay`));
  const api = await call(createOrder.action, jsonRequest("/api/payment/create-order", { contestId: contest.id }, { Cookie: buyer.cookie }));
  expect(api.status).toBe(409);
  expect(JSON.parse(api.data)).toMatchObject({ redirect: agreeAt(`/contest/${contest.id}/pay`) });
  expect(await db.$count(payments, eq(payments.user_id, buyer.userId))).toBe(0);

  // The checkout: the page and every post, before its cart becomes an order.
  const seller = await accountFromBefore();
  const productId = await createProduct(db, { sellerId: seller.userId, title: `Agreed Book ${unique()}`, price: 300, category: "Textbooks", stock: 1 });
  await db.insert(user_cart).values({ user_id: buyer.userId, product_id: productId, quantity: 1 });
  expect((await call(checkout.loader, getRequest("/checkout", buyer.cookie))).location).toBe(agreeAt("/checkout"));
  expect((await call(checkout.action, formRequest("/checkout?step=payment", { intent: "pay", paymentMethod: "razorpay", delivery: "ship", key: crypto.randomUUID() }, buyer.cookie))).location).toBe(agreeAt("/checkout?step=payment"));
  expect(await db.$count(orders, eq(orders.buyer_id, buyer.userId))).toBe(0);

  // A new listing: the page, and the multipart post before its photos are read.
  const { fields } = await sellerAndFields();
  expect((await call(storeNew.loader, getRequest("/store/new", seller.cookie))).location).toBe(agreeAt("/store/new"));
  const listed = await call(storeNew.action, multipart("/store/new", productForm(fields, await photos(1)), seller.cookie));
  expect(listed.location).toBe(agreeAt("/store/new"));
  expect(await db.$count(marketplace_products, and(eq(marketplace_products.seller_id, seller.userId), eq(marketplace_products.title, fields.title)))).toBe(0);
});

test("a newer version asks again someone who agreed to the older one; a page read before a change is shown afresh, not recorded", async () => {
  const { userId, cookie } = await accountFromBefore();
  await recordAgreement(db, { userId, now: new Date("2026-12-07T10:00:00Z"), via: "signup" });
  expect(await needsAgreement(db, userId)).toBe(false);
  expect(await needsAgreement(db, userId, withTermsV2)).toBe(true);
  const guarded = await requireAgreement(db, getRequest("/store/new?x=1", cookie), userId, withTermsV2).catch((r: Response) => r);
  expect((guarded as Response).headers.get("Location")).toBe(agreeAt("/store/new?x=1"));
  // The newest row counts: version 2 agreed later is enough.
  await recordAgreement(db, { userId, now: new Date("2027-03-02T10:00:00Z"), via: "asked", versions: { terms: 2, privacy: 1 } });
  expect(await agreedVersions(db, userId)).toEqual({ terms: 2, privacy: 1 });
  expect(await needsAgreement(db, userId, withTermsV2)).toBe(false);

  // Versions the page never showed (a stale or forged form) record nothing.
  const other = await accountFromBefore();
  const stale = await call(agree.action, formRequest("/account/agree", { terms: "0", privacy: "1", next: "/checkout", agree: "on" }, other.cookie));
  expect(stale.location).toBe(agreeAt("/checkout"));
  expect(await agreementsOf(other.userId)).toHaveLength(0);
});

test("the agree page goes only to our own pages, and hostile bodies are answered below 500 with nothing recorded", async () => {
  const { userId, cookie } = await accountFromBefore();
  const { terms: t, privacy: p } = currentVersions();
  for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/account/agree?next=/account/agree"]) {
    const shown = await call(agree.loader, getRequest(agreeAt(next), cookie));
    expect(shown.data.next, next).toBe("/dashboard");
  }
  const post = (body: BodyInit, type: string) => call(agree.action, new Request("http://localhost:3000/account/agree", { method: "POST", body, headers: { "Content-Type": type, Cookie: cookie } }));
  const form = "application/x-www-form-urlencoded";
  const replies = [
    await post("", form),
    await post(`terms=${t}&privacy=${p}&next=${"x".repeat(2 * 1024 * 1024)}`, form),
    await post(JSON.stringify({ terms: t, privacy: p, agree: "on" }), "application/json"),
    await post(`terms=${t}&privacy=${p}&x[99999999]=1`, form),
    await post(`terms=${t}%00&privacy=${p}&agree=on%00`, form),
  ];
  for (const reply of replies) expect(reply.status ?? 200).toBeLessThan(500);
  // Only the last ticks the box: its NULs are stripped as every form's control characters are (app/utils/forms.server.ts).
  expect(replies.slice(0, -1).map((r) => r.location)).toEqual([null, null, null, null]);
  expect(replies.at(-1)!.location).toBe("/dashboard");
  expect(await agreementsOf(userId)).toHaveLength(1);
  // A guest is sent to log in first.
  expect((await call(agree.loader, getRequest(agreeAt("/checkout")))).location).toMatch(/^\/login\?/);
  const another = await accountFromBefore();
  const evil = await call(agree.action, formRequest("/account/agree", { terms: String(t), privacy: String(p), next: "//evil.example", agree: "on" }, another.cookie));
  expect(evil.location).toBe("/dashboard");
});

test("an account started over by its address's owner keeps nothing the earlier signer agreed to: a sign-up's own agreement, or none after a reset", async () => {
  const now = new Date("2026-12-08T08:00:00Z");
  const bySignup = await createUser(db, { email: `over-${unique()}@example.in`, passwordHash: "x" });
  await startOver(db, { userId: bySignup, details: { passwordHash: "y", fullName: "Owner", birthDate: "1998-04-12", locale: "en" }, now, voidConsents: true });
  expect(await agreementsOf(bySignup)).toEqual([expect.objectContaining({ via: "signup", agreed_at: now })]);
  const byReset = await createUser(db, { email: `over-${unique()}@example.in`, passwordHash: "x" });
  await startOver(db, { userId: byReset, details: null, now, voidConsents: true });
  expect(await agreementsOf(byReset)).toEqual([]);
  expect(await needsAgreement(db, byReset)).toBe(true);
});

test("the terms page says its version and date", async () => {
  const page = await call(terms.loader as never, getRequest("/terms"));
  expect(Object.keys(page.data.messages)).toEqual(expect.arrayContaining(["account.policies.versionLine", "account.policies.changed.terms1"]));
});
