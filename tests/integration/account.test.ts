// /account (issue 16, point 6): a user's own details, read by the seller block, and a
// password change that needs the current password and ends the other sessions.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { attemptLogin } from "~/models/accounts/account.server";
import { createSession, getUser } from "~/models/accounts/auth.server";
import { ACCOUNT_MESSAGES, MESSAGES } from "~/models/accounts/schemas";
import { getProduct } from "~/models/store/listings/products.server";
import * as accountRoute from "~/routes/account";
import { createProduct } from "~/seed/factories.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";

const post = (fields: Record<string, string>, cookie: string) => call(accountRoute.action, formRequest("/account", fields, cookie));

test("details: bad input gets the form's messages and is kept; good input is what the seller block shows", async () => {
  const me = await signedInStudent({ fullName: "Old Name" });
  const bad = await post({ intent: "profile", fullName: "  ", phone: "12345", address: "x".repeat(301) }, me.cookie);
  expect(bad.status).toBe(400);
  expect(bad.data.profile.error).toMatchObject({ fullName: [english(ACCOUNT_MESSAGES.nameRequired)], phone: [english(ACCOUNT_MESSAGES.phoneInvalid)], address: [english(ACCOUNT_MESSAGES.addressTooLong)] });
  expect(bad.data.profile.initialValue.phone).toBe("12345");

  const good = await post({ intent: "profile", fullName: "Meera \u202eIyer", phone: "+91 98765-43210", address: "12 MG Road, Pune", city: " Pune " }, me.cookie);
  expect(good.status).toBe(302);
  expect(good.location).toBe("/account");
  const listing = await createProduct(db, { sellerId: me.userId, title: "Account Book", price: 100, category: "Textbooks" });
  // The seller block gets the name and city; never the phone, the address or the e-mail.
  const shown = await getProduct(db, listing);
  expect(shown).toMatchObject({ seller_name: "Meera Iyer", seller_city: "Pune" });
  expect(JSON.stringify(shown)).not.toMatch(/9876543210|MG Road|@/);
  const page = await call(accountRoute.loader, getRequest("/account", me.cookie));
  expect(page.data.profile).toMatchObject({ fullName: "Meera Iyer", phone: "9876543210", email: me.email });
  // A guest is sent to log in.
  expect((await call(accountRoute.loader, getRequest("/account"))).location).toMatch(/^\/login\?redirectTo=%2Faccount/);
});

test("password: the current one is required and checked; a change ends the other sessions and keeps this one", async () => {
  const me = await signedInStudent({ password: "Old@Secret123" });
  const otherDevice = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, me.userId) }))!;
  expect(await db.$count(sessions, eq(sessions.user_id, me.userId))).toBe(2);

  const missing = await post({ intent: "password", password: "New@Secret456", confirmPassword: "New@Secret456" }, me.cookie);
  expect(missing.data.password.error.currentPassword).toEqual([english(ACCOUNT_MESSAGES.currentRequired)]);
  const differ = await post({ intent: "password", currentPassword: "Old@Secret123", password: "New@Secret456", confirmPassword: "New@Secret457" }, me.cookie);
  expect(differ.data.password.error.confirmPassword).toEqual([english(MESSAGES.passwordsDiffer)]);
  const wrong = await post({ intent: "password", currentPassword: "not-it", password: "New@Secret456", confirmPassword: "New@Secret456" }, me.cookie);
  expect(wrong.status).toBe(400);
  expect(wrong.data.password.error.currentPassword).toEqual([english(ACCOUNT_MESSAGES.currentWrong)]);
  // Passwords are never echoed back.
  expect(JSON.stringify(wrong.data)).not.toContain("New@Secret456");

  const ok = await post({ intent: "password", currentPassword: "Old@Secret123", password: "New@Secret456", confirmPassword: "New@Secret456" }, me.cookie);
  expect(ok.status).toBe(302);
  expect(await getUser(getRequest("/", me.cookie), {})).toMatchObject({ id: me.userId });
  expect(await getUser(getRequest("/", otherDevice), {})).toBeNull();
  expect((await attemptLogin(db, { email: me.email, password: "Old@Secret123", ip: "10.40.0.1", now: new Date() })).ok).toBe(false);
  expect((await attemptLogin(db, { email: me.email, password: "New@Secret456", ip: "10.40.0.2", now: new Date() })).ok).toBe(true);
});
