// The group commit of autosaves (app/models/contests/sitting/answer-batch.server.ts): saves
// arriving together go as one statement, each acknowledged after it with its own
// verdict, the later of two saves of one question winning; a failed statement costs
// no other save its place.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { user_answers } from "~/db/schema";
import { writeSaves, type AnswerSave } from "~/models/contests/sitting/answer-batch.server";
import { createGroupCommit } from "~/utils/group-commit.server";
import { sessionKeyOf } from "~/models/accounts/auth.server";
import { enrolled, jeePaper } from "../support/papers";

test("one statement writes many students' saves, each judged on its own, the later of two saves of a question winning", async () => {
  const contestId = await jeePaper(new Date(), false);
  const questions = await db.query.questions.findMany({ where: (q, { eq }) => eq(q.contest_id, contestId), orderBy: (q, { asc }) => asc(q.position) });
  const [p1, , , , , , c3, , m1] = questions;
  const [a, b] = [await enrolled(contestId), await enrolled(contestId)];
  const now = new Date();
  const [keyA, keyB] = [(await sessionKeyOf(a.cookie))!, (await sessionKeyOf(b.cookie))!];
  const save = (sessionKey: string, questionId: string, state: Partial<AnswerSave>): AnswerSave => ({
    who: sessionKey, contestId, questionId, options: null, value: null, marked: false, now, ...state,
  });
  const batch = [
    save(keyA, p1!.id, { options: [1] }),
    save(keyA, p1!.id, { options: [2], marked: true }), // a changed their mind: this one stands
    save(keyA, c3!.id, { options: [1, 3] }),
    save(keyB, m1!.id, { value: "2.5" }),
    save(keyB, p1!.id, { options: [1, 2] }), // two options on a single-correct question: refused
    save(keyB, m1!.id.replace(/.$/, (c) => (c === "0" ? "1" : "0")), { value: "1" }), // no such question
    save("not-a-session", p1!.id, { options: [1] }),
  ];
  const statements = await queriesDuring(async () => expect(await writeSaves(batch)).toEqual([true, true, true, true, false, false, false]));
  expect(statements).toHaveLength(1);
  const rows = await db.select().from(user_answers).where(eq(user_answers.contest_id, contestId));
  const of = (userId: string, questionId: string) => rows.find((r) => r.user_id === userId && r.question_id === questionId);
  expect(of(a.userId, p1!.id)).toMatchObject({ selected_options: [2], marked: true, selected_answer: "6" });
  expect(of(a.userId, c3!.id)).toMatchObject({ selected_options: [1, 3], selected_answer: "Fe; Cu" });
  expect(of(b.userId, m1!.id)).toMatchObject({ numeric_answer: "2.5" });
  expect(rows).toHaveLength(3);
});

test("saves arriving while a statement runs wait and go together; each is acknowledged after its own statement; a failed statement is retried save by save", async () => {
  const calls: number[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let failNext = false;
  const group = createGroupCommit<AnswerSave>({
    inFlight: 1,
    maxBatch: 100,
    write: async (saves) => {
      calls.push(saves.length);
      if (calls.length === 1) await gate;
      if (failNext && saves.length > 1) throw new Error("statement failed");
      return saves.map((s) => s.questionId !== "refused");
    },
  });
  const base = { who: "k", contestId: "c", options: null, value: null, marked: false, now: new Date() };
  const first = group.save({ ...base, questionId: "q0" });
  const later = ["q1", "q2", "refused", "q4"].map((questionId) => group.save({ ...base, questionId }));
  expect(group.waiting()).toBe(4); // the first statement is still running
  let acknowledged = false;
  void later[0]!.then(() => (acknowledged = true));
  await Promise.resolve();
  expect(acknowledged).toBe(false);
  release();
  expect(await first).toBe(true);
  expect(await Promise.all(later)).toEqual([true, true, false, true]);
  expect(calls).toEqual([1, 4]);

  failNext = true;
  const blocked = group.save({ ...base, questionId: "q5" });
  const retried = [group.save({ ...base, questionId: "q6" }), group.save({ ...base, questionId: "refused" })];
  expect(await Promise.all([blocked, ...retried])).toEqual([true, true, false]);
});
