// Worlds that several integration tests build: a signed-in student, and a contest whose
// students answered and submitted. Each call makes fresh rows of its own.
import type { ContestKind } from "~/models/contests/catalogue/kinds";
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { createSession } from "~/models/accounts/auth.server";
import { recordResult } from "~/models/contests/results/scoring.server";
import { createContest, createEntry, createUser, submitEntry } from "~/seed/factories.server";
import { cookieFrom } from "./remix";

const MINUTE = 60_000;
const unique = () => randomBytes(4).toString("hex");

/** A student with a live session: their id, e-mail and the Cookie header a browser would send. */
export async function signedInStudent(input: { email?: string; fullName?: string | null; password?: string } = {}) {
  const email = input.email ?? `student-${unique()}@example.in`;
  const userId = await createUser(db, { email, fullName: input.fullName ?? null, ...(input.password ? { password: input.password } : { passwordHash: "x" }) });
  const cookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, userId) }))!;
  return { userId, email, cookie };
}

/** Four questions, each with a right and a wrong option. */
export const ANSWER_BANK: Array<[string, string[], string]> = [
  ["1 + 1?", ["1", "2"], "2"],
  ["2 + 2?", ["4", "5"], "4"],
  ["3 + 3?", ["6", "7"], "6"],
  ["4 + 4?", ["8", "9"], "8"],
];

export type Taker = { userId?: string; correct: number; minutes: number; submitted?: boolean; blank?: boolean };

/**
 * A contest of ANSWER_BANK in which each student answered `correct` of four right and
 * submitted `minutes` after the start (or, with `submitted: false`, only enrolled; with
 * `blank: true`, submitted without a saved answer).
 * Students without a `userId` are created. With `recordResults`, the result row the app
 * writes at submission is written too (the factory only records the submission).
 */
export async function contestWithResults(input: {
  start: Date;
  end: Date;
  durationMinutes?: number;
  prizePool?: Record<string, unknown>;
  kind?: ContestKind;
  entryFee?: number;
  students: Taker[];
  recordResults?: boolean;
}) {
  const title = `Results Cup ${unique()}`;
  const created = await createContest(db, {
    title,
    subject: "Maths",
    start_time: input.start,
    end_time: input.end,
    ...(input.durationMinutes ? { duration_minutes: input.durationMinutes } : {}),
    prize_pool: input.prizePool ?? {},
    kind: input.kind,
    entry_fee: input.entryFee,
    questions: ANSWER_BANK,
  });
  const contest = { ...created, title };
  const users: string[] = [];
  for (const s of input.students) {
    const userId = s.userId ?? (await createUser(db, { email: `taker-${unique()}@example.in`, passwordHash: "x" }));
    users.push(userId);
    await createEntry(db, { userId, contestId: contest.id });
    if (s.submitted === false) continue;
    await submitEntry(db, {
      userId,
      contestId: contest.id,
      submittedAt: new Date(input.start.getTime() + s.minutes * MINUTE),
      answers: s.blank ? [] : contest.questions.map((q, i) => ({ questionId: q.id, selected: i < s.correct ? q.correct_answer : q.options.find((o) => o !== q.correct_answer)! })),
    });
    if (input.recordResults) await recordResult(db, { contestId: contest.id, userId });
  }
  return { contest, contestId: contest.id, users, questions: contest.questions };
}
