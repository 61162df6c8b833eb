import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createContest, createEntry } from "~/seed/factories.server";
import * as detailRoute from "~/routes/contest.$id._index";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";

const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN);
const open = (id: string, cookie?: string) => call(detailRoute.loader, getRequest(`/contest/${id}`, cookie), { params: { id } });

describe("contest detail", () => {
  test("shows the timeline, question count and prize lines; open for enrolment before the start", async () => {
    const c = await createContest(db, {
      title: "Physics Cup",
      subject: "Physics",
      start_time: at(60),
      end_time: at(120),
      sponsor: "Pragati Book House",
      prize_pool: { first: 5000, bonus: "Certificate", grand_total: 5000 },
      questions: [["Unit of force?", ["Newton", "Joule"], "Newton"]],
    });
    const res = await open(c.id);
    expect(res.data.contest).toMatchObject({ title: "Physics Cup", kind: "free", sponsor: "Pragati Book House", entry_fee: 0, question_count: 1, enrolled: false });
    expect(res.data.state).toBe("open");
    expect(res.data.funding).toEqual({ msg: { id: "contests.kind.freeSponsored" }, typed: "Pragati Book House" });
    expect(res.data.prizes).toEqual([
      { name: "First Prize", value: "₹5,000", place: 1, bonus: false },
      { name: "Bonus", value: "Certificate", place: null, bonus: true },
    ]);
    // Correct answers never reach the page.
    expect(JSON.stringify(res.data)).not.toContain("Newton");
  });

  test("enrolled, closed at the start, ended, and inactive", async () => {
    const { userId, cookie } = await signedInStudent({ email: "detail@example.in" });
    const upcoming = await createContest(db, { title: "A", subject: "Maths", start_time: at(60), end_time: at(120) });
    await createEntry(db, { userId, contestId: upcoming.id });
    expect((await open(upcoming.id, cookie)).data.state).toBe("enrolled");
    expect((await open(upcoming.id)).data.state).toBe("open");

    const running = await createContest(db, { title: "B", subject: "Maths", start_time: at(-5), end_time: at(55) });
    expect((await open(running.id)).data.state).toBe("closed");
    const ended = await createContest(db, { title: "C", subject: "Maths", start_time: at(-120), end_time: at(-60), prize_pool: {} });
    const endedRes = await open(ended.id);
    expect(endedRes.data.state).toBe("ended");
    expect(endedRes.data.prizes).toEqual([]);
    const hidden = await createContest(db, { title: "D", subject: "Maths", start_time: at(60), end_time: at(120), is_active: false });
    expect((await open(hidden.id)).data.state).toBe("inactive");
  });

  test("a malformed or unknown id is 404", async () => {
    for (const id of ["42", "abc", "00000000-0000-4000-8000-000000000000"]) {
      expect((await open(id)).status).toBe(404);
    }
  });
});

test("the contest page states every marking scheme of its paper before anyone pays (issue 48, point 2)", async () => {
  const contest = await createContest(db, {
    title: "Marking Cup",
    subject: "JEE",
    start_time: at(60),
    end_time: at(120),
    questions: [
      ["One?", ["A", "B"], "A"],
      ["Two?", ["A", "B"], "B"],
    ],
  });
  await db.execute(sql`UPDATE contests SET marks = 4, penalty = 1 WHERE id = ${contest.id}`);
  await db.execute(sql`UPDATE questions SET kind = 'numerical', options = '{}', correct_answer = NULL, correct_options = NULL, answer_min = 1, answer_max = 2, penalty = 0 WHERE id = ${contest.questions[1]!.id}`);
  const page = (await open(contest.id)).data;
  expect(page.marking.map(english)).toEqual(["Single correct · +4 / −1", "Numerical · +4 / 0"]);
});
