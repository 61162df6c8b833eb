import { describe, expect, test } from "vitest";
import { parse, type Token } from "@messageformat/parser";
import { CATALOGS, type Namespace } from "~/locales/catalogs";
import { localeFromAcceptLanguage, resolveLocale, translateMsg, urlInLocale } from "~/utils/i18n";
import { localizeReply, localizeText, messagesFor, translator } from "~/utils/i18n.server";
import { orderCallbackPage } from "~/models/store/order-fulfilment.server";
import { enrolmentCallbackPage } from "~/models/contests/enrolment.server";
import { ORDER_MESSAGES } from "~/models/store/order-life";
import { REVIEW_MESSAGES } from "~/models/store/reviews";
import { LISTING_MESSAGES } from "~/models/store/listing";
import { IMAGE_MESSAGES } from "~/models/media/images";
import { PAYOUT_MESSAGES } from "~/models/payments/payout-details";
import { ACCOUNT_MESSAGES } from "~/models/accounts/messages";
import { CHALLENGE_MESSAGES } from "~/models/contests/challenges";
import { CHALLENGE_FEE_MESSAGES } from "~/models/contests/challenge-fees.server";
import { STAGE_MESSAGES } from "~/models/contests/stage";
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

  test("a form's English messages come back in the visitor's language; unknown text as it is", () => {
    expect(localizeText("Invalid email or password", "hi")).toBe("ईमेल या पासवर्ड ग़लत है");
    expect(localizeText("Invalid email or password", "en")).toBe("Invalid email or password");
    expect(localizeText("Something else", "hi")).toBe("Something else");
    const reply = localizeReply({ status: "error" as const, error: { "": ["All fields are required!"], email: null } }, "hi");
    expect(reply.error).toEqual({ "": ["सभी जानकारी भरना ज़रूरी है!"], email: null });
  });

  test("every flash a payment's return can set, and every message a model answers with, has its Hindi", () => {
    const flashes = ["late", "duplicate", "second-payment", "cancel", "failed"].flatMap((outcome) => [orderCallbackPage("o", outcome).flash, enrolmentCallbackPage("c", outcome).flash]);
    const said = [
      ...flashes.flatMap((flash) => (flash ? [flash.message] : [])),
      ...Object.values(ORDER_MESSAGES).flatMap((m) => (typeof m === "string" ? [m] : [])),
      ...Object.values(REVIEW_MESSAGES),
      ...Object.values(LISTING_MESSAGES),
      ...Object.values(IMAGE_MESSAGES),
      ...Object.values(PAYOUT_MESSAGES),
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(CHALLENGE_MESSAGES),
      ...Object.values(CHALLENGE_FEE_MESSAGES),
      ...Object.values(STAGE_MESSAGES),
      CONTACT_SENT,
    ];
    expect(flashes.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    for (const english of said) expect(localizeText(english, "hi"), english).toMatch(/[\u0900-\u097F]/);
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

