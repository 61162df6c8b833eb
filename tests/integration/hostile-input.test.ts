// What a stranger can send to every form action: docs/product/design.md §8, issue "Security and
// hostile input". Each action is called the way Remix calls it, with a real Request.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createUser } from "~/seed/factories.server";
import { analytics_events, contact_requests, marketplace_products, profiles } from "~/db/schema";
import { MESSAGES } from "~/models/accounts/schemas";
import * as eventsRoute from "~/routes/api.events";
import * as callbackRoute from "~/routes/api.payment.callback";
import * as blogRoute from "~/routes/blog._index";
import * as contactRoute from "~/routes/contact";
import * as contestsRoute from "~/routes/contests._index";
import * as cookieRoute from "~/routes/cookie";
import * as forgotRoute from "~/routes/forgot-password";
import * as loginRoute from "~/routes/login";
import * as logoutRoute from "~/routes/logout";
import * as resetRoute from "~/routes/reset-password";
import * as signupRoute from "~/routes/signup";
import * as storeRoute from "~/routes/store._index";
import { call, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

function rawRequest(path: string, body: BodyInit, contentType = "application/x-www-form-urlencoded") {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: { "Content-Type": contentType } });
}

const ACTIONS = [
  ["/login", loginRoute.action],
  ["/signup", signupRoute.action],
  ["/contact", contactRoute.action],
  ["/forgot-password", forgotRoute.action],
  ["/reset-password", resetRoute.action],
  ["/cookie", cookieRoute.action],
  ["/logout", logoutRoute.action],
  ["/api/events", eventsRoute.action],
  ["/api/payment/callback", callbackRoute.action],
] as const;

/** The outcome as one string, whatever its shape, to look for echoes in. */
const echoed = (data: unknown) => (typeof data === "string" ? data : JSON.stringify(data ?? null));

describe.each(ACTIONS)("%s", (path, action) => {
  test("the 31-byte body that grew the server to 4 GB gets the form's own answer and echoes nothing unknown", async () => {
    const res = await call(action, rawRequest(path, "email=a&password=&x[99999999]=1"), { ip: freshIp() });
    expect(res.status).toBeLessThan(500);
    expect(echoed(res.data)).not.toMatch(/99999999|"x"/);
    expect(echoed(res.data).length).toBeLessThan(5_000);
  });

  test("a 20 MB body is refused with 413 before it is read", async () => {
    const res = await call(action, rawRequest(path, `message=${"a".repeat(20 * 1024 * 1024)}`), { ip: freshIp() });
    expect(res.status).toBe(413);
    expect(echoed(res.data).length).toBeLessThan(200);
  });

  test("a body without a declared length is still cut off at the limit", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 300) controller.enqueue(chunk); // would be 19 MB
        else controller.close();
      },
    });
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect((await call(action, request, { ip: freshIp() })).status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  test("more fields than any form has is a 413", async () => {
    const body = Array.from({ length: 101 }, (_, i) => `f${i}=1`).join("&");
    const refused = await call(action, rawRequest(path, body), { ip: freshIp() });
    expect([refused.status, refused.data]).toEqual([413, "That form had more fields than any of ours."]);
    // In the reader's language, as every message is (issue 45, point 1).
    const hindi = rawRequest(path, body);
    hindi.headers.set("Cookie", "lang=hi");
    expect((await call(action, hindi, { ip: freshIp() })).data).toBe("इस फ़ॉर्म में हमारे किसी भी फ़ॉर्म से ज़्यादा खाने थे।");
  });

  // CVE-2026-34077's path (docs/decisions/platform-remix-2-end-of-life.md): Conform nests a
  // value once per part of its name and the reply echoes it, so this 4 KB body came back
  // 2,000 levels deep, past what the single-fetch encoder could write.
  test("a field named 2,000 levels deep (email.a.a.a…) is dropped: the form's own answer, nothing nested echoed", async () => {
    const res = await call(action, rawRequest(path, `email${".a".repeat(2000)}=x&password=`), { ip: freshIp() });
    expect(res.status).toBeLessThan(500);
    expect(echoed(res.data)).not.toContain('{"a":{"a":');
    expect(echoed(res.data).length).toBeLessThan(5_000);
  });

  test.each([
    ["application/json", '{"email":"a@b.in"}', 415],
    ["text/plain", "email=a@b.in", 415],
    ["multipart/form-data", "email=a@b.in", 415],
  ])("a %s body is a clear 4xx", async (type, body, status) => {
    expect((await call(action, rawRequest(path, body, type), { ip: freshIp() })).status).toBe(status);
  });
});

describe("NUL bytes and other odd characters", () => {
  test("in every text field of every account form: the form's own answer, never a 500", async () => {
    await createUser(db, { email: "nul@example.in", password: "Secret@123" });
    const forms = [
      [loginRoute.action, "/login", { email: "nul@example.in", password: "Secret@123", redirectTo: "/dashboard" }],
      [signupRoute.action, "/signup", { fullName: "Nul Person", email: "nul2@example.in", password: "Secret@123", birthDate: "1998-04-12" }],
      [forgotRoute.action, "/forgot-password", { email: "nul@example.in" }],
      [resetRoute.action, "/reset-password", { token: "abc", password: "Secret@123", confirmPassword: "Secret@123" }],
      [contactRoute.action, "/contact", { name: "Nul", email: "nul@example.in", subject: "other", message: "Hello", privacy: "on" }],
    ] as const;
    for (const [action, path, fields] of forms) {
      for (const name of Object.keys(fields)) {
        const withNul = { ...fields, [name]: `${fields[name as keyof typeof fields]}\u0000x` };
        const res = await call(action, formRequest(path, withNul), { ip: freshIp() });
        expect(res.status, `${path} ${name}`).toBeLessThan(500);
      }
    }
  });

  test("a NUL is removed from what is stored", async () => {
    const res = await call(
      contactRoute.action,
      formRequest("/contact", { name: "Ravi\u0000", email: "ravi@example.in", subject: "other", message: "Line one\u0000\nLine two", privacy: "on" }),
      { ip: freshIp() },
    );
    expect(res.status).toBe(302);
    const [row] = await db.select().from(contact_requests).where(eq(contact_requests.email, "ravi@example.in"));
    expect(row).toMatchObject({ name: "Ravi", message: "Line one\nLine two" });

    await call(signupRoute.action, formRequest("/signup", { fullName: "Mi\u0000na", email: "mina@example.in", password: "Secret@123", birthDate: "1998-04-12" }), { ip: freshIp() });
    const [profile] = await db.select().from(profiles).where(eq(profiles.email, "mina@example.in"));
    expect(profile?.full_name).toBe("Mina");
  });

  test("a NUL in a search box is just a search", async () => {
    for (const [loader, path] of [
      [storeRoute.loader, "/store?q=a%00b"],
      [blogRoute.loader, "/blog?q=a%00b&category=%00"],
      [contestsRoute.loader, "/contests?q=%00"],
    ] as const) {
      expect((await call(loader, getRequest(path))).status, path).toBe(200);
    }
  });

  test("a redirect target above U+00FF is encoded, not a 500", async () => {
    const res = await call(cookieRoute.action, formRequest("/cookie", { redirectTo: "/blog/हिंदी" }));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/blog/%E0%A4%B9%E0%A4%BF%E0%A4%82%E0%A4%A6%E0%A5%80");

    await createUser(db, { email: "unicode@example.in", password: "Secret@123" });
    const login = await call(loginRoute.action, formRequest("/login", { email: "unicode@example.in", password: "Secret@123", redirectTo: "/store?q=ā" }), { ip: freshIp() });
    expect(login.location).toBe("/store?q=%C4%81");
  });

  test("a 9 KB login e-mail is a wrong login", async () => {
    const res = await call(loginRoute.action, formRequest("/login", { email: `${"a".repeat(9000)}@example.in`, password: "x" }), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error[""]).toEqual([english(MESSAGES.invalidCredentials)]);
  });
});

describe("/api/events", () => {
  test("takes only same-site paths and short labels", async () => {
    const ok = await call(eventsRoute.action, formRequest("/api/events", { name: "Outbound click", label: "User", path: "/", target: "/contest/abc" }), { ip: freshIp() });
    expect(ok.status).toBe(204);
    for (const fields of <Array<Record<string, string>>>[
      { name: "Page view", path: "https://evil.example/" },
      { name: "Page view", path: "//evil.example" },
      { name: "Page view", target: "/\\evil.example" },
      { name: "Page view", label: "x".repeat(51) },
      { name: "Page view", label: "<script>" },
      { name: "Page view", path: `/${"a".repeat(400)}` },
    ]) {
      expect((await call(eventsRoute.action, formRequest("/api/events", fields), { ip: freshIp() })).status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    }
    expect(await db.$count(analytics_events, eq(analytics_events.label, "<script>"))).toBe(0);
  });
});


describe("the seller's, the account's and the buyer's forms, signed in (issues 16, 17)", () => {
  async function signedInForms() {
    const { signedInStudent } = await import("../support/scenarios");
    const { createProduct } = await import("~/seed/factories.server");
    const accountRoute = await import("~/routes/account");
    const productRoute = await import("~/routes/store.$id.productdetails");
    const deleteRoute = await import("~/routes/store.$id.delete");
    const me = await signedInStudent({ fullName: "Hostile Tester" });
    const other = await signedInStudent();
    const id = await createProduct(db, { sellerId: me.userId, title: "Hostile Listing", price: 100, category: "Textbooks" });
    const theirs = await createProduct(db, { sellerId: other.userId, title: "Someone Else's", price: 100, category: "Textbooks" });
    const forms: Array<[string, unknown, Record<string, string>]> = [
      ["/account", accountRoute.action, {}],
      ["/cart", (await import("~/routes/cart")).action, {}],
      ["/wishlist", (await import("~/routes/wishlist")).action, {}],
      ["/checkout", (await import("~/routes/checkout")).action, {}],
      ["/store/my-products", (await import("~/routes/store.my-products")).action, {}],
      [`/store/${theirs}/productdetails`, productRoute.action, { id: theirs }],
      [`/store/${id}/delete`, deleteRoute.action, { id }],
    ];
    return { me, forms, id };
  }

  test("a 20 MB body is 413 and JSON is 415, both changing nothing; an unknown field is never echoed", async () => {
    const { me, forms, id } = await signedInForms();
    for (const [path, action, params] of forms) {
      const send = (body: string, type = "application/x-www-form-urlencoded") =>
        call(action as never, new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: { "Content-Type": type, Cookie: me.cookie } }), { ip: freshIp(), params });
      expect((await send(`message=${"a".repeat(20 * 1024 * 1024)}`)).status, path).toBe(413);
      expect((await send('{"intent":"profile"}', "application/json")).status, path).toBe(415);
      if (path.endsWith("/delete")) expect(await db.$count(marketplace_products, eq(marketplace_products.id, id))).toBe(1);
      const junk = await send("intent=profile&x[99999999]=1&fullName=");
      expect(junk.status, path).toBeLessThan(500);
      expect(echoed(junk.data), path).not.toMatch(/99999999|"x"/);
    }
    // The delete form has no fields: a post with junk in it is still the seller's confirmed delete.
    expect(await db.$count(marketplace_products, eq(marketplace_products.id, id))).toBe(0);
  });

  test("malformed ids are 404, never 500", async () => {
    const { me } = await signedInForms();
    for (const route of ["~/routes/store.$id.productdetails", "~/routes/store.$id.delete", "~/routes/store.$id.edit", "~/routes/store.$id.image"]) {
      const mod = (await import(/* @vite-ignore */ route)) as { action: never; loader: never };
      for (const handler of [mod.action, mod.loader]) {
        const res = await call(handler, new Request("http://localhost:3000/store/not-an-id/x", { method: handler === mod.action ? "POST" : "GET", headers: { Cookie: me.cookie } }), { params: { id: "not-an-id" } });
        expect(res.status, route).toBe(404);
      }
    }
  });
});
