// What the pages say of the contests' prizes (issue 67, point 6), read through their loaders
// in a language: the root's footer tagline, the home page's hero, reasons and guide, and the
// rules list of three contests (a practice test whose results can be challenged, a free
// contest with a sponsor's prize, a paid-prize contest). Each text is the page's own
// messages' (what the page ships to render), so an id the page does not carry shows as the id.
import * as root from "~/root";
import * as home from "~/routes/_index";
import * as contestPage from "~/routes/contest.$id._index";
import { db } from "~/db/client.server";
import { createContest } from "~/seed/factories.server";
import { createTranslator, translateMsg, type Locale, type Msg } from "~/utils/i18n";
import { call, getRequest } from "./remix";

const HOUR = 3_600_000;

/** The three contests, made once per file (their start a day ahead, so they are open to enrol). */
export async function makeContests(label: string) {
  const at = (h: number) => new Date(Date.now() + h * HOUR);
  const practice = await createContest(db, { title: `${label} Practice`, subject: "Maths", entry_fee: 49, start_time: at(24), end_time: at(25), challenge_window_hours: 24 });
  const free = await createContest(db, { title: `${label} Free`, subject: "Maths", prize_pool: { first: 500 }, sponsor: "Acme Books", start_time: at(24), end_time: at(25) });
  const paid = await createContest(db, { title: `${label} Paid`, subject: "Maths", entry_fee: 49, prize_pool: { first: 1000 }, start_time: at(24), end_time: at(25) });
  return { practice: practice.id, free: free.id, paid: paid.id };
}

export async function pageWords(locale: Locale, contests: Awaited<ReturnType<typeof makeContests>>) {
  const cookie = locale === "hi" ? "lang=hi" : undefined;
  const say = (messages: Record<string, string>) => {
    const { t } = createTranslator(locale, messages);
    return (msg: Msg) => translateMsg(t, msg);
  };
  const frame = (await call(root.loader, getRequest("/", cookie))).data;
  const homePage = (await call(home.loader, getRequest("/", cookie))).data;
  const inHome = say(homePage.messages);
  const rulesOf = async (id: string) => {
    const page = (await call(contestPage.loader, getRequest(`/contest/${id}`, cookie), { params: { id } })).data;
    return (page.rules as Msg[]).map(say(page.messages));
  };
  return {
    tagline: say(frame.messages)({ id: frame.tagline }),
    hero: inHome({ id: homePage.words.hero }),
    why: `${inHome({ id: homePage.words.whyTitle })} ${inHome({ id: homePage.words.whyText })}`,
    guide: inHome({ id: homePage.words.guideStep }),
    practiceRules: await rulesOf(contests.practice),
    freeRules: await rulesOf(contests.free),
    paidRules: await rulesOf(contests.paid),
  };
}

export type PageWords = Awaited<ReturnType<typeof pageWords>>;

/** Every text of the pages, for a check that holds across them. */
export const allTexts = (words: PageWords) => [words.tagline, words.hero, words.why, words.guide, ...words.practiceRules, ...words.freeRules, ...words.paidRules];
