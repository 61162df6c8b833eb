// Issue 67, point 5: the Hall of Champions and a contest's leaderboard show a first name and
// an initial unless the person chose their full name on /account; a minor's full name is
// never public (refused on /account with a clear message, and not shown even if a row says
// otherwise). Certificates keep the full name (certificates.test.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { parental_consents, profiles, users } from "~/db/schema";
import { consentTextVersion } from "~/models/accounts/parents/parental-consent.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import * as accountRoute from "~/routes/account";
import * as homeRoute from "~/routes/_index";
import * as resultsRoute from "~/routes/contest.$id.results";
import { call, formRequest, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { flashOf } from "../support/words";

const HOUR = 3_600_000;
const MINOR_REFUSED = "You are under 18, so your full name cannot be shown in public. The Hall of Champions and leaderboards show your first name and initial.";
type Student = Awaited<ReturnType<typeof signedInStudent>>;
let kavya: Student;
let meena: Student;
let dev: Student;
let contestId: string;

const champions = async () => ((await call(homeRoute.loader, getRequest("/"))).data.champions as Array<{ name: string; rank: number }>).map((c) => [c.rank, c.name]);
const board = async () =>
  ((await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=leaderboard`, dev.cookie), { params: { id: contestId } })).data.leaders as Array<{ name: string; rank: number }>).map((l) => [l.rank, l.name]);
const choose = (who: Student, fields: Record<string, string>, extra = "") => call(accountRoute.action, formRequest("/account", { intent: "publicName", ...fields }, `${who.cookie}${extra}`));
const storedChoice = async (who: Student) => (await db.select({ v: profiles.public_full_name }).from(profiles).where(eq(profiles.id, who.userId)))[0]!.v;

beforeAll(async () => {
  kavya = await signedInStudent({ fullName: "Kavya Rao" });
  meena = await signedInStudent({ fullName: "Meena Iyer" });
  dev = await signedInStudent({ fullName: "Dev Nair" });
  await db.update(users).set({ birth_date: "1995-03-10" }).where(eq(users.id, kavya.userId));
  await db.update(users).set({ birth_date: `${new Date().getUTCFullYear() - 15}-01-15` }).where(eq(users.id, meena.userId));
  // Her parent has consented (PARENTAL_CONSENT is on by default), so she may sign in and act.
  await db.insert(parental_consents).values({ user_id: meena.userId, parent_email: "parent@example.in", token_hash: "public-names", text_version: consentTextVersion(), asked_at: new Date(), expires_at: new Date(Date.now() + 24 * HOUR), consented_at: new Date() });
  const start = new Date(Date.now() - 3 * HOUR);
  const made = await contestWithResults({
    start,
    end: new Date(start.getTime() + HOUR),
    prizePool: { first: 600, second: 300, third: 100 },
    students: [
      { userId: kavya.userId, correct: 4, minutes: 10 },
      { userId: meena.userId, correct: 3, minutes: 10 },
      { userId: dev.userId, correct: 2, minutes: 10 },
    ],
    recordResults: true,
  });
  contestId = made.contestId;
  await finalizeContest(db, contestId, new Date());
});

describe("names on public lists", () => {
  test("by default the Hall of Champions and the leaderboard show a first name and an initial", async () => {
    const short = [[1, "Kavya R."], [2, "Meena I."], [3, "Dev N."]];
    expect(await champions()).toEqual(short);
    expect(await board()).toEqual(short);
  });

  test("an adult who ticks the choice on /account is shown by full name on both, and unticking goes back", async () => {
    const page = await call(accountRoute.loader, getRequest("/account", kavya.cookie));
    expect(page.data.shown).toEqual({ publicFullName: false, mayChoose: true, name: "Kavya R." });
    const saved = await choose(kavya, { publicFullName: "on" });
    expect(saved.location).toBe("/account");
    expect(await flashOf(saved)).toEqual({ kind: "success", message: "Your choice is saved." });
    expect(await champions()).toContainEqual([1, "Kavya Rao"]);
    expect(await board()).toContainEqual([1, "Kavya Rao"]);
    expect((await call(accountRoute.loader, getRequest("/account", kavya.cookie))).data.shown).toEqual({ publicFullName: true, mayChoose: true, name: "Kavya Rao" });
    // An unticked checkbox sends nothing.
    expect((await choose(kavya, {})).location).toBe("/account");
    expect(await champions()).toContainEqual([1, "Kavya R."]);
    expect(await board()).toContainEqual([1, "Kavya R."]);
  });

  test("a minor's tick is refused with the reason in the form, in English and Hindi, and nothing is written", async () => {
    const page = await call(accountRoute.loader, getRequest("/account", meena.cookie));
    expect(page.data.shown).toEqual({ publicFullName: false, mayChoose: false, name: "Meena I." });
    const refused = await choose(meena, { publicFullName: "on" });
    expect(refused.status).toBe(400);
    expect(refused.data.publicName.error).toEqual({ publicFullName: [MINOR_REFUSED] });
    // The tick is kept in the form, as the student left it.
    expect(refused.data.publicName.initialValue).toMatchObject({ publicFullName: "on" });
    const inHindi = await choose(meena, { publicFullName: "on" }, "; lang=hi");
    expect(inHindi.data.publicName.error.publicFullName[0]).toMatch(/^आपकी उम्र 18 साल से कम है/);
    expect(await storedChoice(meena)).toBe(false);
    // Choosing the short name is always allowed.
    expect((await choose(meena, {})).location).toBe("/account");
  });

  test("a minor's full name stays private even where the row says otherwise (a choice stored before the birth date was known)", async () => {
    await db.update(profiles).set({ public_full_name: true }).where(eq(profiles.id, meena.userId));
    expect(await champions()).toContainEqual([2, "Meena I."]);
    expect(await board()).toContainEqual([2, "Meena I."]);
    expect(JSON.stringify(await board())).not.toContain("Iyer");
    await db.update(profiles).set({ public_full_name: false }).where(eq(profiles.id, meena.userId));
  });

  test("hostile bodies: no 5xx, and the choice is not changed", async () => {
    const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
      call(accountRoute.action, new Request("http://localhost:3000/account", { method: "POST", body, headers: { "Content-Type": type, Cookie: dev.cookie } }));
    const bodies: Array<[BodyInit, string?]> = [
      [""],
      [`intent=publicName&publicFullName=${"x".repeat(2 * 1024 * 1024)}`],
      ["intent=publicName&x[99999999]=1"],
      [JSON.stringify({ intent: "publicName", publicFullName: "on" }), "application/json"],
      // Control bytes are stripped before the schema (app/utils/forms.server.ts): a NUL alone is no tick.
      ["intent=publicName&publicFullName=%00"],
    ];
    for (const [body, type] of bodies) {
      const res = await post(body, type);
      expect(res.status, String(body).slice(0, 40)).toBeLessThan(500);
      expect(await storedChoice(dev), String(body).slice(0, 40)).toBe(false);
    }
  });
});
