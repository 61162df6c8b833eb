import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser, sessionKey } from "~/models/accounts/auth.server";
import { admitTestRequest, takeEventSlot } from "~/models/contests/test-traffic.server";
import { tooManyRequestsAfterPause } from "~/utils/flow-limit";
import { requireContestStage } from "~/models/contests/stage.server";
import { recordEvent, saveAnswer, startTest, submitTest, testPaper } from "~/models/contests/test-taking.server";
import { contestDeadline } from "~/models/contests/deadline";
import type { Paper } from "~/models/contests/paper";
import { jsonGuard, parseJsonBody, requireUuidParam } from "~/utils/http.server";
import { SUBMIT_REASON_LIST, WITH_ERRORS } from "~/models/contests/test-rules";

// The test page's data (DESIGN.md §4): the page itself is the same document for every
// student (cacheable, no database work); this session-checked route gives the
// student's paper, saved answers and the server's deadline, and takes each answer,
// the start, proctoring events and the one submission. Never a correct answer.
const NO_STORE = { "Cache-Control": "private, no-store" };
const reply = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });

export async function loader(args: LoaderFunctionArgs) {
  await requireApiUser(args.request, args.context);
  const now = new Date();
  const { user, contest, entry } = await jsonGuard(requireContestStage(db, args, "entry", now));
  const base: Omit<Paper, "state"> = {
    contest: { id: contest.id, title: contest.title, description: contest.description, durationMinutes: contest.duration_minutes },
    entryId: entry!.id,
    serverNow: now.toISOString(),
    startsAt: contest.start_time.toISOString(),
    deadline: contestDeadline(contest).toISOString(),
  };
  if (now < contest.start_time) return reply({ ...base, state: "waiting" } satisfies Paper);
  return reply({ ...base, state: "open", ...(await testPaper(db, { contestId: contest.id, userId: user.id })) } satisfies Paper);
}

const Body = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), questionId: z.string().uuid(), choice: z.number().int().min(0).max(25) }),
  z.object({ intent: z.literal("start"), fullscreen: z.boolean() }),
  z.object({ intent: z.literal("submit"), reason: z.enum(SUBMIT_REASON_LIST), withErrors: z.boolean().default(false) }),
  z.object({ intent: z.literal("event"), kind: z.enum(["fullscreen_exit", "tab_hidden", "camera_lost"]) }),
]);

export async function action(args: ActionFunctionArgs) {
  // Counted before any database work: who the cookie claims to be, and this contest.
  const key = await sessionKey(args.request);
  if (!key) return reply({ error: "Please log in again." }, 401);
  const contestId = requireUuidParam(args.params);
  const admitted = admitTestRequest(key, contestId);
  if (!admitted.ok) return tooManyRequestsAfterPause(admitted.retryAfterS);
  try {
    const body = await parseJsonBody(args.request, Body);
    if (body.intent === "event" && !takeEventSlot(key, contestId)) return reply({ recorded: false });
    return await respond(args, contestId, body);
  } finally {
    admitted.release();
  }
}

async function respond(args: ActionFunctionArgs, contestId: string, body: z.infer<typeof Body>) {
  const user = await requireApiUser(args.request, args.context);
  const now = new Date();
  switch (body.intent) {
    case "answer": {
      // The hot path: the session lookup and one upsert.
      if (await saveAnswer(db, { userId: user.id, contestId, questionId: body.questionId, choice: body.choice, now })) return reply({ saved: true });
      // Only when refused: say why (submitted, over, not enrolled) or that the choice is not an option.
      await jsonGuard(requireContestStage(db, args, "test", now));
      return reply({ saved: false, error: "That is not an option of this question." }, 400);
    }
    case "submit": {
      const reason = body.withErrors ? body.reason + WITH_ERRORS : body.reason;
      const { submitted } = await submitTest(db, { userId: user.id, contestId, reason, now });
      return reply({ submitted });
    }
    case "start": {
      const { entry } = await jsonGuard(requireContestStage(db, args, "test", now));
      await startTest(db, { entryId: entry!.id, now, fullscreen: body.fullscreen });
      return reply({ started: true });
    }
    case "event": {
      const { entry } = await jsonGuard(requireContestStage(db, args, "entry", now));
      await recordEvent(db, { entryId: entry!.id, kind: body.kind, now });
      return reply({ recorded: true });
    }
  }
}
