import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parse, type Token } from "@messageformat/parser";
import { CATALOGS, type Namespace } from "~/locales/catalogs";
import { localeFromAcceptLanguage, msgText, readMsgText, resolveLocale, translateMsg, urlInLocale, type Msg } from "~/utils/i18n";
import { isMessageId, messagesFor, translateReply, translator } from "~/utils/i18n.server";
import { orderCallbackPage } from "~/models/store/checkout/order-fulfilment.server";
import { enrolmentCallbackPage } from "~/models/contests/catalogue/enrolment.server";
import { ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { REVIEW_MESSAGES } from "~/models/store/reviews/reviews";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import { IMAGE_MESSAGES } from "~/models/media/images";
import { PAYOUT_MESSAGES } from "~/models/payments/payout-details";
import { ACCOUNT_MESSAGES, MESSAGES } from "~/models/accounts/messages";
import { CART_MESSAGES } from "~/models/store/cart/cart";
import { CHECKOUT_MESSAGES } from "~/models/store/checkout/checkout";
import { BLOG_MESSAGES } from "~/models/blog/comment-rules";
import { CHALLENGE_MESSAGES } from "~/models/contests/challenges/challenges";
import { CHALLENGE_FEE_MESSAGES } from "~/models/contests/challenges/challenge-fees.server";
import { STAGE_MESSAGES } from "~/models/contests/catalogue/stage";
import { CONTACT_SENT } from "~/models/support/contact-copy";
import { busyPage } from "~/utils/load-shedding.server";

describe("which language a request is in (issue 33)", () => {
  test("Accept-Language: the first of Hindi or English by weight, whatever region", () => {
    expect(localeFromAcceptLanguage("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("hi");
    expect(localeFromAcceptLanguage("en-GB,en;q=0.9,hi;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.5, hi;q=0.8")).toBe("hi");
    expect(localeFromAcceptLanguage("mr-IN,mr;q=0.9,hi;q=0.8")).toBe("hi");
    expect(localeFromAcceptLanguage("ta-IN,ta;q=0.9")).toBeNull();
    expect(localeFromAcceptLanguage("hi;q=0")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage("x".repeat(100_000))).toBeNull();
  });

  test("the URL's lang, then the cookie, then Accept-Language, then English", () => {
    expect(resolveLocale({ search: "?lang=hi", cookie: "lang=en", acceptLanguage: "en" })).toBe("hi");
    expect(resolveLocale({ search: "?lang=xx", cookie: "a=1; lang=hi", acceptLanguage: "en" })).toBe("hi");
    expect(resolveLocale({ search: "", cookie: "lang=fr", acceptLanguage: "hi-IN" })).toBe("hi");
    expect(resolveLocale({ search: "?q=lang%3Dhi", cookie: undefined, acceptLanguage: "ta" })).toBe("en");
  });

  test("the switch keeps the page and its query", () => {
    expect(urlInLocale("/store", "?q=physics&page=2", "hi")).toBe("/store?q=physics&page=2&lang=hi");
    expect(urlInLocale("/store", "?lang=hi&q=x", "en")).toBe("/store?lang=en&q=x");
    expect(urlInLocale("/", "", "hi")).toBe("/?lang=hi");
  });
});

/** Every placeholder, plural and select name of an ICU message. */
function argumentsOf(message: string) {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "content" || token.type === "octothorpe") continue;
      names.add(token.arg);
      if ("cases" in token) token.cases.forEach((c) => walk(c.tokens));
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("the catalogs", () => {
  const namespaces = Object.keys(CATALOGS) as Namespace[];
  test.each(namespaces)("%s: Hindi has every English key, each id starts with its namespace, and the same values", (ns) => {
    const en = CATALOGS[ns].en as Record<string, string>;
    const hi = CATALOGS[ns].hi as Record<string, string>;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const id of Object.keys(en)) {
      expect(id.startsWith(`${ns}.`), id).toBe(true);
      expect(argumentsOf(hi[id]!), id).toEqual(argumentsOf(en[id]!));
      // A Hindi message is in Hindi: Devanagari, unless it is only names and figures.
      if (/[a-z]{3,}/i.test(en[id]!.replace(/\{[^}]*\}/g, "")) && !/StudyArena|MCQ|UPI|IST|ISBN|IFSC/.test(en[id]!)) {
        expect(hi[id], id).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  test("messages are compiled once on the server, so no ICU parser reaches the browser", () => {
    const compiled = messagesFor("hi", "common");
    expect(compiled["common.cartLabel"]).toEqual(["कार्ट, ", ["count", "plural", { one: ["#", " चीज़"], other: ["#", " चीज़ें"] }]]);
    expect(messagesFor("hi", "common")).toBe(compiled);
  });

  test("plurals and values in both languages; a value is text, never markup", () => {
    expect(translator("en")("common.cartLabel", { count: 1 })).toBe("Cart, 1 item");
    expect(translator("en")("common.cartLabel", { count: 3 })).toBe("Cart, 3 items");
    expect(translator("hi")("common.cartLabel", { count: 3 })).toBe("कार्ट, 3 चीज़ें");
    expect(translator("hi")("common.accountMenu", { name: "<b>Asha</b>" })).toBe("<b>Asha</b> का खाता मेन्यू");
    expect(translateMsg(translator("hi"), { id: "contests.startsIn", values: { time: { id: "contests.until.days", values: { d: 2, h: 5 } } } })).toBe("2 दिन 5 घंटे में शुरू");
  });

  test("a form's messages travel as ids with their values and come back in the visitor's language; anything else only asks for a look", () => {
    const reply = translateReply(
      {
        status: "error" as const,
        error: { "": [msgText(MESSAGES.signupRequired)], password: [msgText(MESSAGES.passwordTooLong)], email: null, name: ["Required"], phone: ["auth.error.nope"], city: ["auth.error.passwordTooLong?{not json"] },
      },
      translator("hi"),
    );
    expect(reply.error).toEqual({
      "": ["सभी जानकारी भरना ज़रूरी है!"],
      password: ["पासवर्ड ज़्यादा से ज़्यादा 256 अक्षरों का हो सकता है"],
      email: null,
      name: ["कृपया यह जानकारी जाँचें।"],
      phone: ["कृपया यह जानकारी जाँचें।"],
      city: ["कृपया यह जानकारी जाँचें।"],
    });
    expect(translateReply({ error: { "": [msgText(MESSAGES.invalidCredentials)] } }, translator("en")).error).toEqual({ "": ["Invalid email or password"] });
    expect(readMsgText(msgText({ id: "checkout.codValue", values: { amount: "₹5,000" } }))).toEqual({ id: "checkout.codValue", values: { amount: "₹5,000" } });
  });

  test("every flash a payment's return can set, and every message a model answers with, is a catalog id said in Hindi with no value left over", () => {
    const flashes = ["late", "duplicate", "second-payment", "cancel", "failed"].flatMap((outcome) => [orderCallbackPage("o", outcome).flash, enrolmentCallbackPage("c", outcome).flash]);
    const built = (m: Msg | ((...args: never[]) => Msg)): Msg => (typeof m === "function" ? (m as (...args: unknown[]) => Msg)(["Physics"], 2) : m);
    const said: Msg[] = [
      ...flashes.flatMap((flash) => (flash ? [flash.message] : [])),
      ...[ORDER_MESSAGES, REVIEW_MESSAGES, LISTING_MESSAGES, IMAGE_MESSAGES, PAYOUT_MESSAGES, ACCOUNT_MESSAGES, MESSAGES, CHALLENGE_MESSAGES, CHALLENGE_FEE_MESSAGES, STAGE_MESSAGES, CART_MESSAGES, CHECKOUT_MESSAGES, BLOG_MESSAGES].flatMap((set) => Object.values(set).map(built)),
      CONTACT_SENT,
    ];
    expect(flashes.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    expect(said.length).toBeGreaterThan(100);
    for (const msg of said) {
      expect(isMessageId(msg.id), msg.id).toBe(true);
      const hindi = translateMsg(translator("hi"), msg);
      expect(hindi, msg.id).toMatch(/[\u0900-\u097F]/);
      expect(hindi, msg.id).not.toMatch(/[{}]/);
      expect(translateMsg(translator("en"), msg), msg.id).not.toMatch(/[{}]/);
    }
  });

  test("every message id written in app/ is in the catalogs (a renamed or mistyped id fails here, not on a Hindi reader's screen)", () => {
    const namespaces = Object.keys(CATALOGS);
    const known = new Set(namespaces.flatMap((ns) => Object.keys(CATALOGS[ns as Namespace].en)));
    const idLiteral = new RegExp(`["'\`]((?:${namespaces.join("|")})\\.[A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)*)["'\`]`, "g");
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const used: string[] = [];
    for (const file of files("app").filter((f) => /\.tsx?$/.test(f) && !f.startsWith(path.join("app", "locales")))) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(idLiteral)) used.push(`${file}: ${m[1]}`);
    }
    expect(used.length).toBeGreaterThan(500);
    expect(used.filter((u) => !known.has(u.slice(u.indexOf(": ") + 2)))).toEqual([]);
    // The probe: the pattern finds an id in the shapes the code writes them.
    expect([...'t("orders.msg.nope") { id: "sell.pay.gone" }'.matchAll(idLiteral)].map((m) => m[1])).toEqual(["orders.msg.nope", "sell.pay.gone"]);
  });

  test("the busy page, which the front door sends before any route runs, is in the visitor's language too", () => {
    expect(busyPage()).toContain("One moment, please");
    expect(busyPage("hi")).toContain('<html lang="hi-IN">');
    expect(busyPage("hi")).toContain("<h1>बस एक पल</h1>");
  });
});

describe("a refund's reason, as the payer reads it", () => {
  test("every reason the models write is a code with values, read back in either language with the title kept as typed", async () => {
    const { refundReasonMessage, REFUND_REASONS } = await import("~/models/refund-reasons");
    const id = "3f9a2c10-1111-4222-8333-944455556666";
    const said = (reason: { code: string; values: unknown }, locale: "en" | "hi") => {
      const read = refundReasonMessage(reason);
      return translateMsg(translator(locale), read.msg).replace("<0></0>", read.typed ?? "");
    };
    expect(said(REFUND_REASONS.contestLate("Physics Cup"), "en")).toBe(`For "Physics Cup" after the contest had started.`);
    expect(said(REFUND_REASONS.contestTwice("Physics Cup"), "hi")).toBe(`किसके लिए: "Physics Cup", पहले से जुड़े होने पर दूसरा भुगतान।`);
    expect(said(REFUND_REASONS.orderTwice(id), "en")).toBe("For marketplace order #3F9A2C10, which was already paid.");
    expect(said(REFUND_REASONS.line("HC Verma", id, "seller"), "hi")).toBe("किसके लिए: HC Verma (बाज़ार का ऑर्डर #3F9A2C10), विक्रेता ने रद्द किया।");
    expect(said(REFUND_REASONS.challengeUpheld, "hi")).toBe("किसके लिए: मानी गई आपत्ति की फ़ीस।");
    // A reason from before codes that no shape matched (migration 0023) is shown as written.
    expect(said({ code: "other", values: { text: "a late payment" } }, "en")).toBe("For a late payment.");
    const written = [
      REFUND_REASONS.contestLate("Cup"),
      REFUND_REASONS.contestTwice("Cup"),
      REFUND_REASONS.orderTwice(id),
      REFUND_REASONS.orderLate(id),
      ...(["buyer", "seller", "system", "returned"] as const).map((why) => REFUND_REASONS.line("Book", id, why)),
      REFUND_REASONS.paymentTwice,
      REFUND_REASONS.challengeTwice,
      REFUND_REASONS.challengeLate,
      REFUND_REASONS.challengeUpheld,
    ];
    for (const reason of written) {
      expect(said(reason, "hi"), reason.code).toMatch(/^किसके लिए: /);
      expect(said(reason, "en"), reason.code).toMatch(/^For /);
    }
  });
});


describe("a page's title when its loader failed", () => {
  test("a 404 (an order that is not yours) is titled as the error, in the page's language, never with a bare message id", async () => {
    const { translatedPageMeta } = await import("~/utils/meta");
    const meta = translatedPageMeta("orders.page.metaTitle", "orders.page.metaDescription");
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "" };
    const root = (locale: "en" | "hi") => ({ id: "root", data: { locale, messages: messagesFor(locale, "common") } });
    const args = (locale: "en" | "hi", error: unknown) => ({ matches: [root(locale)], error }) as unknown as Parameters<typeof meta>[0];
    expect(meta(args("en", notFound))).toEqual([{ title: "Page Not Found — StudyArena" }, { name: "description", content: "The page you are looking for does not exist or has moved." }]);
    const hindi = meta(args("hi", notFound)) as Array<{ title?: string }>;
    expect(hindi[0]!.title).toMatch(/[\u0900-\u097F]/);
    expect(JSON.stringify(meta(args("en", new Error("boom"))))).toContain("Something went wrong");
    // With the page's own words, its own title.
    const page = { id: "routes/orders.$id.confirmation", data: { messages: messagesFor("en", "orders") } };
    expect((meta({ matches: [root("en"), page], error: undefined } as unknown as Parameters<typeof meta>[0]) as Array<{ title?: string }>)[0]!.title).not.toContain("orders.page");
  });
});

test("the JSON APIs say their errors through the catalogs (inEnglish), never as English written beside them; a webhook's machine gets a code", () => {
  const files = [
    ...fs.readdirSync("app/routes").filter((f) => f.startsWith("api.")).map((f) => path.join("app/routes", f)),
    "app/models/contests/sitting/test-api.server.ts",
    "app/models/fulfilments.server.ts",
    "app/models/accounts/auth.server.ts",
  ];
  const literals = files.flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/\berror: ["'`]([^"'`]*)["'`]/g)].map((m) => `${file}: ${m[1]}`));
  // A code is one lowercase word ('signature', 'token'); anything else is a sentence.
  expect(literals.filter((l) => !/: [a-z_-]+$/.test(l))).toEqual([]);
});
