// Every namespace's catalogs, English beside Hindi. English is the source: each Hindi
// catalog `satisfies Catalog<typeof en>`, so a missing or stray key fails `npm run
// typecheck`. Messages are ICU MessageFormat (plurals, selects, `{name}` values), compiled
// once per process by app/utils/i18n.server.ts. Only the server imports these values: the
// browser receives a page's compiled messages from its loaders (app/utils/i18n.tsx).
import commonEn from "~/locales/en/common";
import commonHi from "~/locales/hi/common";
import homeEn from "~/locales/en/home";
import homeHi from "~/locales/hi/home";
import contestsEn from "~/locales/en/contests";
import contestsHi from "~/locales/hi/contests";
import authEn from "~/locales/en/auth";
import authHi from "~/locales/hi/auth";
import checkoutEn from "~/locales/en/checkout";
import checkoutHi from "~/locales/hi/checkout";
import contestEn from "~/locales/en/contest";
import contestHi from "~/locales/hi/contest";
import blogEn from "~/locales/en/blog";
import blogHi from "~/locales/hi/blog";
import mailEn from "~/locales/en/mail";
import mailHi from "~/locales/hi/mail";
import cartEn from "~/locales/en/cart";
import cartHi from "~/locales/hi/cart";
import dashboardEn from "~/locales/en/dashboard";
import dashboardHi from "~/locales/hi/dashboard";
import testEn from "~/locales/en/test";
import testHi from "~/locales/hi/test";
import resultsEn from "~/locales/en/results";
import resultsHi from "~/locales/hi/results";
import storeEn from "~/locales/en/store";
import storeHi from "~/locales/hi/store";
import accountEn from "~/locales/en/account";
import accountHi from "~/locales/hi/account";
import pagesEn from "~/locales/en/pages";
import pagesHi from "~/locales/hi/pages";
import ordersEn from "~/locales/en/orders";
import ordersHi from "~/locales/hi/orders";
import sellEn from "~/locales/en/sell";
import sellHi from "~/locales/hi/sell";
import consentEn from "~/locales/en/consent";
import consentHi from "~/locales/hi/consent";
import reviewEn from "~/locales/en/review";
import reviewHi from "~/locales/hi/review";
import practiceEn from "~/locales/en/practice";
import practiceHi from "~/locales/hi/practice";

/** A translation of an English catalog: the same keys, each a string. */
export type Catalog<English> = { [K in keyof English]: string };

export const CATALOGS = {
  common: { en: commonEn, hi: commonHi },
  home: { en: homeEn, hi: homeHi },
  contests: { en: contestsEn, hi: contestsHi },
  auth: { en: authEn, hi: authHi },
  checkout: { en: checkoutEn, hi: checkoutHi },
  contest: { en: contestEn, hi: contestHi },
  blog: { en: blogEn, hi: blogHi },
  mail: { en: mailEn, hi: mailHi },
  cart: { en: cartEn, hi: cartHi },
  dashboard: { en: dashboardEn, hi: dashboardHi },
  test: { en: testEn, hi: testHi },
  results: { en: resultsEn, hi: resultsHi },
  store: { en: storeEn, hi: storeHi },
  account: { en: accountEn, hi: accountHi },
  pages: { en: pagesEn, hi: pagesHi },
  orders: { en: ordersEn, hi: ordersHi },
  consent: { en: consentEn, hi: consentHi },
  review: { en: reviewEn, hi: reviewHi },
  sell: { en: sellEn, hi: sellHi },
  practice: { en: practiceEn, hi: practiceHi },
} as const;

export type Namespace = keyof typeof CATALOGS;
export type MessageId = { [N in Namespace]: keyof (typeof CATALOGS)[N]["en"] }[Namespace] & string;
