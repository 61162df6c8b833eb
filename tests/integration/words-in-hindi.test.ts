// Issue 45, point 1: a form's reply and a flash carry message ids, said in the reader's
// language where they are shown. Each case here came back in English when they were
// joined by their English text (a typo fixed in one copy was enough).
import { describe, expect, test } from "vitest";
import * as root from "~/root";
import * as contactRoute from "~/routes/contact";
import * as dashboardRoute from "~/routes/dashboard";
import * as loginRoute from "~/routes/login";
import * as signupRoute from "~/routes/signup";
import * as accountRoute from "~/routes/account";
import { orderCallbackPage } from "~/models/store/checkout/order-fulfilment.server";
import { setFlash } from "~/utils/flash.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const HINDI = "lang=hi";
const devanagari = /[\u0900-\u097F]/;
/** Latin words of three letters or more: English, where a Hindi sentence was due (names and figures are not words). */
const englishWords = /\b[A-Za-z]{3,}\b/;
/** A ticket number ("SA-7K3M9Q2XTB") is a figure too, though all ten of its characters may be letters. */
const withoutTickets = (message: string) => message.replace(/\bSA-[0-9A-Z]{10}\b/g, "");

function everyMessage(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).flatMap((messages) => messages ?? []);
}

function expectHindi(messages: string[]) {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message).toMatch(devanagari);
    expect(withoutTickets(message)).not.toMatch(englishWords);
  }
}

describe("a form's reply on a Hindi page", () => {
  test("the contact form: every field's message, and the limit's", async () => {
    const empty = await call(contactRoute.action, formRequest("/contact", { name: "x".repeat(101), email: "", subject: "nope", message: "", privacy: "" }, HINDI), { ip: "198.51.100.30" });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.data.error).sort()).toEqual(["email", "message", "name", "privacy", "subject"]);
    expectHindi(everyMessage(empty.data.error));
    // The limit's value (the field's length) is in the sentence.
    expect(empty.data.error.name[0]).toContain("100");
  });

  test("signing up and logging in: the schema's messages and the ones the action adds", async () => {
    const weak = await call(signupRoute.action, formRequest("/signup", { fullName: "Asha", email: "not-an-email", password: "abc", birthDate: "1998-04-12" }, HINDI));
    expectHindi(everyMessage(weak.data.error));
    const tooLong = await call(signupRoute.action, formRequest("/signup", { fullName: "Asha", email: "asha@example.in", password: "Aa1!".repeat(100), birthDate: "1998-04-12" }, HINDI));
    expectHindi(everyMessage(tooLong.data.error));
    expect(tooLong.data.error.password[0]).toContain("256");
    const wrong = await call(loginRoute.action, formRequest("/login", { email: "nobody-hi@example.in", password: "Wrong@123" }, HINDI), { ip: "198.51.100.31" });
    expect(wrong.status).toBe(400);
    expectHindi(everyMessage(wrong.data.error));
  });

  test("My Account: a wrong current password, which the action (not the schema) finds", async () => {
    const me = await signedInStudent({ email: "hindi-account@example.in" });
    const res = await call(accountRoute.action, formRequest("/account", { intent: "password", currentPassword: "Wrong@123", password: "Better@1234", confirmPassword: "Better@1234" }, `${me.cookie}; ${HINDI}`));
    expect(res.status).toBe(400);
    expect(Object.keys(res.data.password.error)).toEqual(["currentPassword"]);
    expectHindi(everyMessage(res.data.password.error));
  });
});

describe("a flash on a Hindi page", () => {
  const shown = async (flashCookie: string | undefined) => (await call(root.loader, getRequest("/", `${flashCookie}; ${HINDI}`), { context: {} })).data.flash;

  test("a message set by a form, and one with a button", async () => {
    const sent = await call(contactRoute.action, formRequest("/contact", { name: "Asha", email: "asha-hi@example.in", subject: "payment", message: "नमस्ते, मेरा भुगतान अटका है।", privacy: "on" }, HINDI), { ip: "198.51.100.32" });
    expect(sent.status).toBe(302);
    expectHindi([(await shown(cookieFrom(sent.headers, "__flash"))).message]);

    const guest = await call(dashboardRoute.loader, getRequest("/dashboard", HINDI));
    const flash = await shown(cookieFrom(guest.headers, "__flash"));
    expectHindi([flash.message, flash.action.label]);
  });

  test("a message with our own figures as values (a payment that came too late)", async () => {
    const late = orderCallbackPage("o", "late").flash!;
    const flash = await shown(`__flash=${(await setFlash(late)).split(";")[0]!.split("=").slice(1).join("=")}`);
    expectHindi([flash.message]);
    expect(flash.message).toMatch(/\d/);
  });
});
