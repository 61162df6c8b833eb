// Issue 46, point 4: an operator outside India turns PARENTAL_CONSENT off. The date of birth
// is still asked and kept; no parent is asked and an account under 18 signs in at once.
// (The environment is read once per test file: this file sets it before the first read.)
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { parental_consents, users } from "~/db/schema";
import * as signupPage from "~/routes/signup";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";

const before = process.env.PARENTAL_CONSENT;
process.env.PARENTAL_CONSENT = "off";
afterAll(() => {
  if (before === undefined) delete process.env.PARENTAL_CONSENT;
  else process.env.PARENTAL_CONSENT = before;
});

test("with PARENTAL_CONSENT=off a student under 18 signs up and in at once, with no parent's field and no consent row", async () => {
  expect((await call(signupPage.loader, getRequest("/signup"))).data).toMatchObject({ screen: "form", askParent: false });
  const year = new Date().getUTCFullYear() - 15;
  const res = await call(signupPage.action, formRequest("/signup", { fullName: "Off Switch", email: "offswitch@example.in", password: "Minor@Pass-2026", birthDate: `${year}-01-15` }));
  expect(res.location).toBe("/signup?created=1");
  expect(cookieFrom(res.headers)).toBeDefined();
  const [user] = await db.select().from(users).where(eq(users.email, "offswitch@example.in"));
  expect(user!.birth_date).toBe(`${year}-01-15`);
  expect(await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id))).toEqual([]);
});
