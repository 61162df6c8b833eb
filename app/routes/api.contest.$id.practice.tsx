import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inEnglish } from "~/utils/i18n.server";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser, sessionKey } from "~/models/accounts/auth.server";
import { practicePaper, savePracticeAnswer, startPracticeClock, submitPractice } from "~/models/contests/practice/practice.server";
import { AnswerBody, answerState } from "~/models/contests/sitting/test-api.server";
import { admitTestRequest } from "~/models/contests/sitting/test-traffic.server";
import type { RequestPolicy } from "~/server/policy";
import { readJson } from "~/utils/forms.server";
import { issuesText } from "~/utils/http.server";
import { TOO_MANY_REQUESTS } from "~/utils/flow-limit";
import { JSON_API_BODY } from "~/utils/request-guard";
import { isUuid } from "~/utils/urls";

// A practice attempt's data for the test's own screen (issue 48, point 6): the open attempt's
// paper, and its saves, its start and its submission, as the test API takes them (the same
// answer body, the same allowance per session and contest). Unscored: no proctoring events.

export const requestPolicy: RequestPolicy = { body: JSON_API_BODY, keepsPages: true };

const NO_STORE = { "Cache-Control": "private, no-store" };
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
const NOT_FOUND = () => json({ error: inEnglish({ id: "common.notFound.contest" }) }, 404);
/** No attempt open: the screen goes to the practice page, which says what can be done. */
const NO_ATTEMPT = (contestId: string) => json({ redirect: `/contest/${contestId}/practice` }, 409);

const Body = z.discriminatedUnion("intent", [
  AnswerBody,
  z.object({ intent: z.literal("start"), fullscreen: z.boolean().optional() }),
  z.object({ intent: z.literal("submit"), reason: z.string().max(40).optional(), withErrors: z.boolean().optional() }),
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  if (!isUuid(params.id)) return NOT_FOUND();
  const paper = await practicePaper(db, { contestId: params.id, userId: user.id, now: new Date() });
  return paper ? json(paper) : NO_ATTEMPT(params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const key = await sessionKey(request);
  if (!key) return json({ error: inEnglish({ id: "common.api.logInAgain" }) }, 401);
  if (!isUuid(params.id)) return NOT_FOUND();
  const contestId = params.id;
  // Counted before any query or the body is read.
  const admitted = admitTestRequest(key, contestId);
  if (!admitted.ok) return json({ error: TOO_MANY_REQUESTS }, 429, { "Retry-After": String(admitted.retryAfterS) });
  try {
    const user = await requireApiUser(request, context);
    const parsed = Body.safeParse((await readJson(request, JSON_API_BODY)).value);
    if (!parsed.success) return json({ error: issuesText(parsed.error.issues) }, 400);
    const body = parsed.data;
    const now = new Date();
    const mine = { contestId, userId: user.id, now };
    switch (body.intent) {
      case "answer":
        if (await savePracticeAnswer(db, { ...mine, questionId: body.questionId, state: answerState(body) })) return json({ saved: true });
        return json({ saved: false, error: inEnglish({ id: "test.api.practiceMisfit" }) }, 400);
      case "start":
        await startPracticeClock(db, mine);
        return json({ started: true });
      case "submit": {
        const attemptId = await submitPractice(db, mine);
        return json({ submitted: attemptId !== null });
      }
    }
  } finally {
    admitted.release();
  }
}
