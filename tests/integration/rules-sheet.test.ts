// Issue 46, point 2: every contest has a rules sheet that says who funds the prizes and
// why it is allowed, with the marking, ties, challenges, tax, refunds and complaints, in
// both languages; a malformed or unknown contest is a 404.
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import * as sheet from "~/routes/contest.$id.rules";
import { createContest } from "~/seed/factories.server";
import { call, getRequest } from "../support/remix";
import { english } from "../support/words";

const HOUR = 3_600_000;
let n = 0;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
const open = (id: string, lang = "en") => call(sheet.loader, getRequest(`/contest/${id}/rules?lang=${lang}`), { params: { id } });

test("a free contest's sheet names its sponsor and says nobody stakes money; a practice test's says it has no prize", async () => {
  const free = await createContest(db, { title: `Sheet Cup ${++n}`, subject: "Maths", start_time: at(2), end_time: at(3), sponsor: "Pragati Book House", prize_pool: { first: 500 }, challenge_window_hours: 24, challenge_fee: 25 });
  const res = await open(free.id);
  expect(res.status).toBe(200);
  expect(res.data.funding).toEqual({ msg: { id: "contests.kind.freeSponsored" }, typed: "Pragati Book House" });
  expect(res.data.why).toEqual({ msg: { id: "contest.sheet.why.freeSponsored" }, typed: "Pragati Book House" });
  expect(english(res.data.why.msg)).toContain("The prizes are paid by <0></0>, not from any entrant's money");
  expect(res.data.prizes).toEqual([{ name: "First Prize", value: "₹500", place: 1, bonus: false }]);
  expect(res.data.taxPercent).toBe(30);
  expect(res.data.contest).toMatchObject({ challenge_window_hours: 24, challenge_fee: 25, marks: 1, penalty: 0 });
  // The page's own messages carry the cards' funding words, in its language.
  const hindi = await open(free.id, "hi");
  expect(hindi.data.messages["contests.kind.freeSponsored"]).toBeDefined();
  expect(hindi.data.messages["contest.sheet.why.freeSponsored"]).toBeDefined();
  // What is watched, kept and for how long, the warnings, and that a person decides (issue 47, point 2).
  expect(res.data.evidenceDays).toBe(30);
  expect(hindi.data.messages["contest.sheet.watched"]).toBeDefined();
  expect(english({ id: "contest.sheet.watched", values: { days: 30 } })).toContain("The first two times you are warned on the screen");
  expect(english({ id: "contest.sheet.reviewed" })).toContain("You may appeal once within 48 hours");

  const practice = await createContest(db, { title: `Sheet Practice ${++n}`, subject: "Maths", start_time: at(2), end_time: at(3), entry_fee: 29 });
  const p = await open(practice.id);
  expect(p.data.funding.msg.id).toBe("contests.kind.practice");
  expect(english(p.data.why.msg)).toContain("no prize of money or of anything that can be turned into money");
  expect(p.data.prizes).toEqual([]);
});

test("a paid-prize contest's sheet says it is not offered here; a malformed or unknown id is a 404", async () => {
  const dark = await createContest(db, { title: `Sheet Cash ${++n}`, subject: "Maths", start_time: at(2), end_time: at(3), entry_fee: 49, prize_pool: { first: 900 } });
  const res = await open(dark.id);
  expect(english(res.data.funding.msg)).toBe("Paid entry for cash prizes · not offered here");
  expect(english(res.data.why.msg)).toContain("This site does not offer paid entry for cash prizes");
  expect((await open("not-a-uuid")).status).toBe(404);
  expect((await open("00000000-0000-4000-8000-000000000000")).status).toBe(404);
});

test("the terms, FAQ, refund and privacy pages say the same of the kinds and of a person's data, in both languages", async () => {
  const pages = {
    terms: { route: await import("~/routes/terms"), ids: ["pages.terms.c5"] },
    faq: { route: await import("~/routes/faq"), ids: ["pages.faq.a3", "pages.faq.a6"] },
    refund: { route: await import("~/routes/refund"), ids: ["pages.refund.notOffered"] },
    privacy: { route: await import("~/routes/privacy"), ids: ["pages.privacy.p6", "pages.privacy.keepEvidence", "pages.privacy.minorsText", "pages.privacy.rightsText"] },
  };
  for (const [path, { route, ids }] of Object.entries(pages)) {
    for (const lang of ["en", "hi"]) {
      const res = await call(route.loader as never, getRequest(`/${path}?lang=${lang}`));
      for (const id of ids) expect(res.data.messages[id], `${path} ${lang} ${id}`).toBeDefined();
    }
  }
  expect(english({ id: "pages.terms.c5" })).toContain("not in India since 1 May 2026");
  expect(english({ id: "pages.faq.a3" })).toContain("never from entrants' money");
  expect(english({ id: "pages.faq.a6" })).toContain('"Your data" in My Account');
  expect(english({ id: "pages.privacy.minorsText" })).toContain("waits until a parent or guardian");
  expect((await call((await import("~/routes/privacy")).loader as never, getRequest("/privacy"))).data.parentalConsent).toBe(true);
});
