// A sectioned JEE-style paper and its test API, as several integration tests take it:
// a fresh contest each call, answered through the same route the island calls.
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import * as testApi from "~/routes/api.contest.$id.test";
import { createContest, createEntry, moveContestIntoPast } from "~/seed/factories.server";
import { call } from "./remix";
import { signedInStudent } from "./scenarios";

const MINUTE = 60_000;

const api = (contestId: string) => `http://localhost:3000/api/contest/${contestId}/test`;
export const get = async (contestId: string, cookie: string) =>
  JSON.parse((await call(testApi.loader, new Request(api(contestId), { headers: { Cookie: cookie } }), { params: { id: contestId } })).data as string);
export const post = (contestId: string, body: unknown, cookie: string) =>
  call(testApi.action, new Request(api(contestId), { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), {
    params: { id: contestId },
  });

export type Shown = { id: string; section: number; kind: string; html: string; options: Array<{ n: number; html: string }> };

/** A running paper: three sections at +4/−1 (Chemistry at +3/−1), ten single-correct, one multiple, one numerical. */
export async function jeePaper(now: Date, shuffle = true) {
  const start = new Date(now.getTime() - 5 * MINUTE);
  const contest = await createContest(db, { title: `JEE Mock ${now.getTime()}-${Math.random()}`, subject: "JEE Main", start_time: start, end_time: new Date(start.getTime() + 180 * MINUTE), duration_minutes: 60, shuffle });
  await db.execute(sql`UPDATE contests SET marks = 4, penalty = 1 WHERE id = ${contest.id}`);
  await db.execute(sql`
    INSERT INTO contest_sections (contest_id, position, title, title_hi, marks, penalty) VALUES
      (${contest.id}, 1, 'Physics', 'भौतिकी', NULL, NULL), (${contest.id}, 2, 'Chemistry', 'रसायन', 3, 1), (${contest.id}, 3, 'Mathematics', 'गणित', NULL, NULL)`);
  await db.execute(sql`
    INSERT INTO questions (contest_id, section_id, position, kind, question_text, options, correct_answer, correct_options, partial_marking, answer_min, answer_max)
    SELECT ${contest.id}, s.id, q.position, q.kind, q.text, q.options, q.answer, q.correct, q.partial, q.lo, q.hi
      FROM contest_sections s
      JOIN (VALUES
        (1, 1, 'single', 'P1: $v = u + at$, u = 0, a = 2, t = 3. v?', ARRAY['3','6','9','12'], '6', NULL::smallint[], false, NULL::numeric, NULL::numeric),
        (1, 2, 'single', 'P2', ARRAY['a','b','c','d'], 'a', NULL, false, NULL, NULL),
        (1, 3, 'single', 'P3', ARRAY['a','b','c','d'], 'b', NULL, false, NULL, NULL),
        (1, 4, 'single', 'P4', ARRAY['a','b','c','d'], 'c', NULL, false, NULL, NULL),
        (2, 5, 'single', 'C1', ARRAY['a','b','c','d'], 'd', NULL, false, NULL, NULL),
        (2, 6, 'single', 'C2', ARRAY['a','b','c','d'], 'a', NULL, false, NULL, NULL),
        (2, 7, 'multiple', 'C3: metals?', ARRAY['Fe','O','Cu','N'], NULL, '{1,3}', true, NULL, NULL),
        (2, 8, 'single', 'C4', ARRAY['a','b','c','d'], 'b', NULL, false, NULL, NULL),
        (3, 9, 'numerical', 'M1: $\\sqrt{6.25}$ = ?', '{}'::text[], NULL, NULL, false, 2.49, 2.51),
        (3, 10, 'single', 'M2', ARRAY['a','b','c','d'], 'c', NULL, false, NULL, NULL),
        (3, 11, 'single', 'M3', ARRAY['a','b','c','d'], 'd', NULL, false, NULL, NULL),
        (3, 12, 'single', 'M4', ARRAY['a','b','c','d'], 'a', NULL, false, NULL, NULL)
      ) AS q(section, position, kind, text, options, answer, correct, partial, lo, hi) ON q.section = s.position
     WHERE s.contest_id = ${contest.id}`);
  await db.execute(sql`UPDATE questions SET explanation = 'Because $2.5^2 = 6.25$.' WHERE contest_id = ${contest.id} AND question_text LIKE 'M1:%'`);
  return contest.id;
}

/** Answers questions named by the start of their text, picking options by their text, as the student saw them. */
export async function answerPaper(contestId: string, cookie: string, answers: Record<string, { pick?: string[]; value?: string; marked?: boolean }>) {
  const paper = (await get(contestId, cookie)) as { questions: Shown[] };
  for (const [start, a] of Object.entries(answers)) {
    const q = paper.questions.find((x) => x.html.startsWith(start))!;
    const body = { intent: "answer", questionId: q.id, marked: a.marked ?? false, ...(a.value !== undefined ? { value: a.value } : { options: (a.pick ?? []).map((t) => q.options.find((o) => o.html === t)!.n) }) };
    const saved = await post(contestId, body, cookie);
    if (saved.status !== 200) throw new Error(`answer to ${start} refused: ${saved.status}`);
  }
}

/** Moves a paper and its entries four hours into the past, so its test has closed for everyone. */
export const closePaper = (contestId: string) => moveContestIntoPast(db, contestId);

export async function enrolled(contestId: string) {
  const me = await signedInStudent();
  await createEntry(db, { userId: me.userId, contestId });
  return me;
}
