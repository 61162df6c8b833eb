// The test API (docs/product/design.md §4; issue 18): the student's paper, each answer, the start,
// proctoring events and the one submission. One implementation with two doors: the
// Remix loader and action of app/routes/api.contest.$id.test.tsx, and that route's lean
// handler (its requestPolicy), which the front door calls at the contest's start without
// Remix's request machinery (after the same request guard, body limit and cross-site check).
//
// Built for the crowd: limits are counted from the signed cookie before any query; an
// answer is one prepared statement that checks the session too; the paper is one
// statement (session, contest, entry and saved answers) plus the questions, kept in
// memory once the contest has started; submissions take turns (a few at a time), so
// a burst of them never holds every connection the autosaves need.
import { paperGzip } from "~/models/contests/paper/paper-gzip.server";
import { inEnglish } from "~/utils/i18n.server";
import { z } from "zod";
import { db, hotQuery } from "~/db/client.server";
import { sessionKeyOf } from "~/models/accounts/auth.server";
import { liveSessionText } from "~/models/accounts/live-session.server";
import { ANSWER_GRACE_MS, entryDeadline } from "~/models/contests/sitting/deadline";
import { SEAL_MEMORY_MS, sessionCookieOf, sealInfo, unseal, type KeyRefusal } from "~/models/contests/paper/sealed-paper.server";
import { KEY_LINK_REFUSED } from "~/models/contests/paper/sealed-paper";
import { paperFor, type Paper, type SavedAnswer } from "~/models/contests/paper/paper";
import { savedAnswer, sharedPaper } from "~/models/contests/paper/paper.server";
import { decideStage, type JourneyStage } from "~/models/contests/catalogue/stage";
import type { ContestKind } from "~/models/contests/catalogue/kinds";
import { contestOffer } from "~/utils/env.server";
import { recordEvent, saveAnswer, startTest, submitTest, type AnswerState } from "~/models/contests/sitting/test-taking.server";
import { NUMBER_ANSWER, NUMBER_DRAFT, NUMBER_HINT, readReason, SUBMIT_REASONS } from "~/models/contests/sitting/test-rules";
import { admitTestRequest, takeEventSlot } from "~/models/contests/sitting/test-traffic.server";
import { createFairLimiter, QueueFull } from "~/utils/fair-queue";
import { refusalPauseMs, TOO_MANY_REQUESTS } from "~/utils/flow-limit";
import { BUSY_MESSAGE } from "~/utils/load-shedding.server";
import { setFlash } from "~/utils/flash.server";
import { issuesText } from "~/utils/http.server";
import { isUuid } from "~/utils/urls";
import { recordSnapshotFlag, watchStateText } from "~/models/contests/review/evidence.server";
import { filmedText } from "~/models/accounts/parents/parental-consent.server";
import { FACE_NOTICES } from "~/models/contests/sitting/face-watch";
import { SNAPSHOT_MAX_BYTES } from "~/models/media/pipeline.server";
import { deviceMarks } from "~/models/contests/review/device-marks.server";
import type { SaveRule } from "~/utils/enums";

/** `pauseMs`: answer only after this pause (a refusal to a flood; see tooManyRequestsAfterPause). */
export type ApiReply = { status: number; body: unknown; headers: Record<string, string>; pauseMs?: number; gzipped?: () => Buffer };

const NO_STORE = { "Cache-Control": "private, no-store" };
const reply = (body: unknown, status = 200, headers: Record<string, string> = {}): ApiReply => ({ status, body, headers: { ...NO_STORE, ...headers } });
const LOG_IN_AGAIN = () => reply({ error: inEnglish({ id: "common.api.logInAgain" }) }, 401);
const NOT_FOUND = () => reply({ error: inEnglish({ id: "common.notFound.contest" }) }, 404);
const NOT_FILMED = () => reply({ error: inEnglish({ id: "test.api.notFilmed" }) }, 403);
/** The events only a camera makes: a test-taker under 18 sends none (filmedSql). */
const CAMERA_EVENTS = new Set<string>(["camera_lost", "not_monitored", ...FACE_NOTICES]);

/** The longest flag: a run is flagged at FLAG_MAX_FRAMES (face-watch.ts); an hour bounds anything sent. */
const FLAG_MAX_MS = 3_600_000;

// A question's whole state (docs/product/design.md §4): `options`, the option numbers chosen, or
// `value`, the number typed, or neither (visited, or cleared); `marked` for review.
// `choice`, an option's index (0-based), is the short form of one option chosen. A practice
// attempt's save is the same body (../practice/practice.server.ts).
export const AnswerBody = z.object({
  intent: z.literal("answer"),
  questionId: z.string().uuid(),
  choice: z.number().int().min(0).max(25).optional(),
  options: z.array(z.number().int().min(1).max(26)).max(26).optional(),
  value: z.string().regex(NUMBER_ANSWER, NUMBER_HINT).optional(),
  marked: z.boolean().default(false),
  // The response on screen but not saved (save-rule.ts): options chosen, or the number so far.
  draft: z
    .object({
      options: z.array(z.number().int().min(1).max(26)).max(26).optional(),
      value: z.string().regex(NUMBER_DRAFT, NUMBER_HINT).optional(),
    })
    .optional(),
  // Seconds this question has been on screen in all (the statement bounds it by the test's length).
  seconds: z.number().int().min(0).max(86_400).optional(),
});

const Body = z.discriminatedUnion("intent", [
  AnswerBody,
  z.object({ intent: z.literal("start"), fullscreen: z.boolean() }),
  // A test page open across a deploy still sends the old sentence (its errors came apart, as withErrors).
  z.object({ intent: z.literal("submit"), reason: z.preprocess((raw) => readReason(raw)?.reason ?? raw, z.enum(SUBMIT_REASONS)), withErrors: z.boolean().default(false) }),
  // `durationMs`: how long a face check's flag lasted (issue 47, point 3).
  z.object({
    intent: z.literal("event"),
    kind: z.enum(["fullscreen_exit", "tab_hidden", "camera_lost", "not_monitored", ...FACE_NOTICES]),
    durationMs: z.number().int().min(0).max(FLAG_MAX_MS).optional(),
  }),
]);

// A face check's flag with its snapshot (the evidence route): a JPEG in base64, about 20 KB at most.
const EvidenceBody = z.object({
  kind: z.enum(FACE_NOTICES),
  durationMs: z.number().int().min(0).max(FLAG_MAX_MS),
  snapshot: z
    .string()
    .max(Math.ceil((SNAPSHOT_MAX_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "a snapshot is a JPEG in base64"),
});

type Body = z.infer<typeof Body>;

const sortedDistinct = (options: number[]) => [...new Set(options)].sort((a, b) => a - b);

/** The state a save writes: option numbers sorted and distinct, a typed number, the mark, and the draft. */
export function answerState(body: z.infer<typeof AnswerBody>): AnswerState {
  const options = sortedDistinct(body.options ?? (body.choice === undefined ? [] : [body.choice + 1]));
  const { draft } = body;
  return {
    options: options.length > 0 ? options : null,
    value: body.value ?? null,
    marked: body.marked,
    // A draft is options ([] for none chosen) or a number so far; a number wins if both are sent.
    draftOptions: draft && draft.value === undefined ? sortedDistinct(draft.options ?? []) : null,
    draftValue: draft?.value ?? null,
    seconds: body.seconds ?? 0,
  };
}

type StageRow = {
  user_id: string;
  contest_id: string | null;
  title: string;
  description: string;
  duration_minutes: number;
  start_time: Date;
  end_time: Date;
  is_active: boolean;
  kind: ContestKind;
  face_detection: boolean;
  save_rule: SaveRule;
  physical_keyboard: boolean;
  entry_id: string | null;
  has_submitted: boolean | null;
  extra_minutes: number | null;
  outage_minutes: number | null;
  answers: Array<{ q: string; o: number[] | null; v: string | null; m: boolean; do: number[] | null; dv: string | null; t: number }> | null;
  snapshots: boolean | null;
  warned: number | null;
  filmed: boolean;
};

// The session, the contest, the student's entry and (for the paper) saved answers, whether a
// flag may carry a snapshot and the warnings given (evidence.server.ts): one statement.
// Made when first used: the snapshot and camera rules follow PARENTAL_CONSENT and MINORS_PROCTORING, read at start-up.
const stageRow = memo(() => `
  SELECT s.user_id, c.id AS contest_id, c.title, c.description, c.duration_minutes, c.start_time, c.end_time, c.is_active, c.kind, c.face_detection,
         c.save_rule, c.physical_keyboard,
         e.id AS entry_id, e.has_submitted, e.extra_minutes, e.outage_minutes,
         CASE WHEN $4::boolean THEN (
           SELECT coalesce(json_agg(json_build_object('q', a.question_id, 'o', a.selected_options, 'v', a.numeric_answer::text, 'm', a.marked, 'do', a.draft_options, 'dv', a.draft_value, 't', a.seconds_spent)), '[]'::json)
             FROM user_answers a WHERE a.user_id = s.user_id AND a.contest_id = c.id) END AS answers,
         w.snapshots, w.warned, ${filmedText("s.user_id", "$3")} AS filmed
    FROM sessions s
    LEFT JOIN contests c ON c.id = $2::uuid
    LEFT JOIN user_contest_entries e ON e.user_id = s.user_id AND e.contest_id = c.id
    LEFT JOIN LATERAL (SELECT ${watchStateText("$3")}) w ON $4::boolean AND e.id IS NOT NULL
   WHERE ${liveSessionText("s", "$1", "$3")}`);

function memo<T>(make: () => T) {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

const LIVE_SESSION_USER = `SELECT s.user_id FROM sessions s WHERE ${liveSessionText("s", "$1", "$2")}`;

type Staged = { ok: true; row: StageRow & { contest_id: string; entry_id: string } } | { ok: false; reply: ApiReply };

/** The page guard's rule (requireContestStage) for a JSON caller: 401, 404, or 409 with where to go and why. */
async function stageOf(key: string, contestId: string, stage: JourneyStage, now: Date, withAnswers = false): Promise<Staged> {
  const [row] = await hotQuery<StageRow>(stageRow(), [key, contestId, now.toISOString(), withAnswers]);
  if (!row) return { ok: false, reply: LOG_IN_AGAIN() };
  if (!row.contest_id) return { ok: false, reply: NOT_FOUND() };
  const contest = { id: row.contest_id, start_time: new Date(row.start_time), end_time: new Date(row.end_time), duration_minutes: row.duration_minutes, is_active: row.is_active, kind: row.kind };
  const entry = row.entry_id ? { has_submitted: row.has_submitted === true, extra_minutes: row.extra_minutes ?? 0 } : null;
  const decision = decideStage(stage, contest, entry, now, contestOffer());
  if (!decision.ok) {
    const flash = await setFlash({ kind: decision.kind, message: decision.message });
    return { ok: false, reply: reply({ redirect: decision.to }, 409, { "Set-Cookie": flash }) };
  }
  return { ok: true, row: { ...row, ...contest, contest_id: row.contest_id, entry_id: row.entry_id! } };
}

/** GET: the student's paper (a waiting room before the start), never a correct answer. */
export async function testPaperReply(input: { cookie: string | null; contestId: string | undefined; now: Date }): Promise<ApiReply> {
  const key = await sessionKeyOf(input.cookie);
  if (!key) return LOG_IN_AGAIN();
  if (!isUuid(input.contestId)) return NOT_FOUND();
  const staged = await stageOf(key, input.contestId, "entry", input.now, true);
  if (!staged.ok) return staged.reply;
  const { row } = staged;
  const base = {
    contest: { id: row.contest_id, title: row.title, description: row.description, durationMinutes: row.duration_minutes, faceDetection: row.face_detection, saveRule: row.save_rule, typing: row.physical_keyboard },
    entryId: row.entry_id,
    serverNow: input.now.toISOString(),
    startsAt: row.start_time.toISOString(),
    deadline: entryDeadline(row, row.extra_minutes ?? 0).toISOString(),
    extraMinutes: row.extra_minutes ?? 0,
    outageMinutes: row.outage_minutes ?? 0,
    snapshots: row.face_detection && row.snapshots === true,
    // Under 18 the camera is off unless the operator is an institution (issue 67, point 1).
    camera: row.filmed,
    warned: row.warned ?? 0,
  };
  if (input.now < row.start_time) {
    const seal = await sealInfo({ contestId: row.contest_id, entryId: row.entry_id, cookie: input.cookie, startsAt: row.start_time, expiresAt: new Date(Date.parse(base.deadline) + ANSWER_GRACE_MS), now: input.now });
    return reply({ ...base, state: "waiting", seal } satisfies Paper);
  }
  const paper = await sharedPaper(row.contest_id, input.now.getTime());
  const answers: Record<string, SavedAnswer> = {};
  for (const answer of row.answers ?? []) answers[answer.q] = savedAnswer(answer);
  const questions = paperFor(paper, row.entry_id);
  const open = { ...base, state: "open", sections: paper.sections, questions, answers, hindi: paper.hindi } satisfies Paper;
  // A browser that takes gzip gets the same paper with its shared part compressed once (in the paper's order).
  const gzipped = paper.shuffle ? undefined : () => paperGzip(paper, questions, { ...base, state: "open", answers })!;
  return { ...reply(open), ...(gzipped ? { gzipped } : {}) };
}

// Submissions write a result row each; at most a few at a time per instance, in arrival order.
const submissions = createFairLimiter({ concurrency: 6, kinds: ["submit"] as const, maxWaitingPerKind: 20_000 });

/**
 * POST: one answer, the start, an event or the submission. `readBody` is called only
 * after the request is admitted (limits are counted before any work) and returns the
 * parsed JSON, or throws the body reader's 4xx.
 */
export async function testApiReply(input: {
  cookie: string | null;
  contestId: string | undefined;
  readBody: () => Promise<unknown>;
  now: Date;
  address?: string;
}): Promise<ApiReply> {
  const key = await sessionKeyOf(input.cookie);
  if (!key) return LOG_IN_AGAIN();
  if (!isUuid(input.contestId)) return NOT_FOUND();
  const contestId = input.contestId;
  const admitted = admitTestRequest(key, contestId);
  if (!admitted.ok) {
    // The same refusal as tooManyRequestsAfterPause, its pause left to the door that sends it.
    const refused = reply({ error: TOO_MANY_REQUESTS }, 429, { "Retry-After": String(admitted.retryAfterS) });
    return { ...refused, pauseMs: refusalPauseMs() };
  }
  try {
    const parsed = Body.safeParse(await input.readBody());
    if (!parsed.success) return reply({ error: issuesText(parsed.error.issues) }, 400);
    const body = parsed.data;
    if (body.intent === "event" && !takeEventSlot(key, contestId)) return reply({ recorded: false });
    return await respond(key, contestId, body, input);
  } finally {
    admitted.release();
  }
}

async function respond(key: string, contestId: string, body: Body, input: { cookie: string | null; now: Date; address?: string }): Promise<ApiReply> {
  const { now } = input;
  switch (body.intent) {
    case "answer": {
      // The hot path: one statement, the session checked in it.
      if (await saveAnswer({ sessionKey: key, contestId, questionId: body.questionId, state: answerState(body), now })) return reply({ saved: true });
      // Only when refused: say why (signed out, submitted, over, not enrolled) or that the answer does not fit the question.
      const staged = await stageOf(key, contestId, "test", now);
      if (!staged.ok) return staged.reply;
      return reply({ saved: false, error: inEnglish({ id: "test.api.answerMisfit" }) }, 400);
    }
    case "submit": {
      const [session] = await hotQuery<{ user_id: string }>(LIVE_SESSION_USER, [key, now.toISOString()]);
      if (!session) return LOG_IN_AGAIN();
      try {
        // The time of arrival counts, not the time of the turn.
        const { submitted } = await submissions.run("submit", () => submitTest({ userId: session.user_id, contestId, reason: body.reason, withErrors: body.withErrors, now }));
        return reply({ submitted });
      } catch (error) {
        if (error instanceof QueueFull) return reply({ error: BUSY_MESSAGE }, 503, { "Retry-After": "2" });
        throw error;
      }
    }
    case "start": {
      // The hot path at a shift's start: one statement for a batch of starts, the session checked in it.
      const marks = deviceMarks(input.cookie, input.address ?? "unknown");
      const started = await startTest({ sessionKey: key, contestId, now, fullscreen: body.fullscreen, deviceHash: marks.deviceHash, addressHash: marks.addressHash });
      if (!started) {
        // Only when refused: say why (signed out, submitted, not started, over, not enrolled).
        const staged = await stageOf(key, contestId, "test", now);
        if (!staged.ok) return staged.reply;
        return reply({ error: inEnglish({ id: "test.api.notStarted" }) }, 409);
      }
      return reply({ started: true }, 200, marks.setCookie ? { "Set-Cookie": marks.setCookie } : {});
    }
    case "event": {
      const staged = await stageOf(key, contestId, "entry", now);
      if (!staged.ok) return staged.reply;
      // A test the camera does not watch has no camera to lose and no face to check: a crafted report is refused.
      if (!staged.row.filmed && CAMERA_EVENTS.has(body.kind)) return NOT_FILMED();
      await recordEvent(db, { entryId: staged.row.entry_id, kind: body.kind, now, durationMs: body.durationMs });
      return reply({ recorded: true });
    }
  }
}

// Each refusal of a key request (the page then asks for the open paper, which says why in full).
const KEY_REFUSED: Record<KeyRefusal, (startsAt?: string) => ApiReply> = {
  early: (startsAt) => reply({ error: inEnglish({ id: "test.api.paperEarly" }), startsAt }, 403),
  link: () => reply({ error: KEY_LINK_REFUSED }, 403),
  over: () => reply({ error: inEnglish({ id: "test.api.timeOver" }) }, 403),
  missing: () => NOT_FOUND(),
};

/**
 * GET the key link (sealed-paper.server.ts): at the start, the contest's key, from the
 * link's signature and this instance's memory, with no database read. The reply is the
 * same for every student, so nginx, which checks each link itself, keeps it for as long as
 * an instance keeps the seal (`X-Accel-Expires`, which only nginx reads); refusals are kept by nobody.
 * The test API's allowance per browser session and contest holds, counted before any work:
 * by the session cookie as sent (no signature checked for it), so nobody else's flood
 * spends a student's allowance.
 */
export async function testKeyReply(input: { cookie: string | null; params: Record<string, string | undefined>; now: Date }): Promise<ApiReply> {
  const { id: contestId, entry: entryId = "", expires = "", signature = "" } = input.params;
  if (!isUuid(contestId)) return NOT_FOUND();
  const admitted = admitTestRequest(`key:${sessionCookieOf(input.cookie)}`, contestId);
  if (!admitted.ok) return { ...reply({ error: TOO_MANY_REQUESTS }, 429, { "Retry-After": String(admitted.retryAfterS) }), pauseMs: refusalPauseMs() };
  try {
    const outcome = await unseal({ contestId, entryId, expires, signature, cookie: input.cookie, now: input.now });
    if (!outcome.ok) return KEY_REFUSED[outcome.why](outcome.startsAt);
    return reply(outcome.reply, 200, { "X-Accel-Expires": String(SEAL_MEMORY_MS / 1000) });
  } finally {
    admitted.release();
  }
}

const SNAPSHOT_REFUSED = {
  "no-consent": () => reply({ error: inEnglish({ id: "test.api.noConsent" }) }, 403),
  full: () => reply({ error: inEnglish({ id: "test.api.snapshotsFull" }) }, 429),
  "not-a-snapshot": () => reply({ error: inEnglish({ id: "test.api.notASnapshot" }) }, 400),
} as const;

/**
 * POST to the evidence route: a face check's flag with its snapshot (issue 47, point 3).
 * The same guard and limits as an event, counted before the body is read; consent and
 * the entry's cap are checked before the image is decoded. Refused, nothing is written.
 */
export async function testEvidenceReply(input: { cookie: string | null; contestId: string | undefined; readBody: () => Promise<unknown>; now: Date }): Promise<ApiReply> {
  const key = await sessionKeyOf(input.cookie);
  if (!key) return LOG_IN_AGAIN();
  if (!isUuid(input.contestId)) return NOT_FOUND();
  const contestId = input.contestId;
  const admitted = admitTestRequest(key, contestId);
  if (!admitted.ok) return { ...reply({ error: TOO_MANY_REQUESTS }, 429, { "Retry-After": String(admitted.retryAfterS) }), pauseMs: refusalPauseMs() };
  try {
    if (!takeEventSlot(key, contestId)) return SNAPSHOT_REFUSED.full();
    const parsed = EvidenceBody.safeParse(await input.readBody());
    if (!parsed.success) return reply({ error: issuesText(parsed.error.issues) }, 400);
    const staged = await stageOf(key, contestId, "entry", input.now);
    if (!staged.ok) return staged.reply;
    if (!staged.row.filmed) return NOT_FILMED();
    const { kind, durationMs, snapshot } = parsed.data;
    const outcome = await recordSnapshotFlag(db, { entryId: staged.row.entry_id, kind, durationMs, bytes: Buffer.from(snapshot, "base64"), now: input.now });
    return outcome === "recorded" ? reply({ recorded: true }) : SNAPSHOT_REFUSED[outcome]();
  } finally {
    admitted.release();
  }
}
