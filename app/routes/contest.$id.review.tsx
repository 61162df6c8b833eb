// The review screen (issue 47, point 5): a reviewer reads a closed contest's entries and
// clears or disqualifies each, and decides appeals. Anyone who is not a reviewer gets the
// same 404 as for a contest that does not exist. The rules: models/contests/review/review.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReviewEntry } from "~/components/contests/review/review-entry";
import { ContestNotFound } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { reviewBoard } from "~/models/contests/review/review-board.server";
import { ReviewDecisionSchema } from "~/models/contests/review/review-schema";
import { decideAppeal, decideEntry, isReviewer, type DecisionResult } from "~/models/contests/review/review.server";
import { kickOutbox } from "~/services/email.server";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { msgText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? [...pageMeta(t("review.metaTitle", { title: data.contest.title }), t("review.metaDescription")), { name: "robots", content: "noindex" }] : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

/** The signed-in reviewer, or a 404 for anyone else (a guest is asked to log in first). */
async function requireReviewer(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const contestId = requireUuidParam(args.params);
  const user = await requireUser(args.request, args.context);
  invariantResponse(await isReviewer(db, user.id));
  return { contestId, user };
}

export async function loader(args: LoaderFunctionArgs) {
  const { contestId, user } = await requireReviewer(args);
  const board = await reviewBoard(db, contestId, new Date(), user.id);
  invariantResponse(board);
  return { ...board, me: user.id, messages: i18nFor(args.request, args.context, "review").messages };
}

const REFUSALS: Record<Extract<DecisionResult, { ok: false }>["reason"], Msg> = {
  "not-reviewer": { id: "common.notFound.contest" },
  missing: { id: "common.notFound.contest" },
  open: { id: "review.error.open" },
  final: { id: "review.error.final" },
  "no-result": { id: "review.error.noResult" },
  appealed: { id: "review.error.appealed" },
  reason: { id: "review.error.reason" },
  "same-reviewer": { id: "review.error.sameReviewer" },
  "no-appeal": { id: "review.error.noAppeal" },
  entered: { id: "review.error.entered" },
};

export async function action(args: ActionFunctionArgs) {
  const { contestId, user } = await requireReviewer(args);
  const { t } = i18nFor(args.request, args.context);
  const submission = await parseForm(args.request, ReviewDecisionSchema);
  // Which entry's form answers: only ever a well-formed id, never echoed raw.
  const sent = submission.payload.userId;
  const userId = typeof sent === "string" && /^[0-9a-f-]{36}$/i.test(sent) ? sent : null;
  if (submission.status !== "success") return data({ userId, reply: translateReply(submission.reply(), t) }, { status: 400 });
  const { intent, reason } = submission.value;
  const now = new Date();
  const decision = { contestId, userId: submission.value.userId, reviewerId: user.id, reason, now };
  const result =
    intent === "clear" || intent === "disqualify" ? await decideEntry(db, { ...decision, decision: intent }) : await decideAppeal(db, { ...decision, upheld: intent === "uphold" });
  if (!result.ok) {
    const field = result.reason === "reason" ? { fieldErrors: { reason: [msgText(REFUSALS.reason)] } } : { formErrors: [msgText(REFUSALS[result.reason])] };
    return data({ userId, reply: translateReply(submission.reply(field), t) }, { status: result.reason === "reason" ? 400 : 409 });
  }
  kickOutbox();
  return redirectWithFlash(`/contest/${contestId}/review#entry-${submission.value.userId}`, { kind: "success", message: { id: "review.saved" } });
}

export default function Review() {
  const { contest, entries, me } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useT();
  // A reviewer with an entry here is told why there is nothing for them to decide (the rule: review.server.ts).
  const open = contest.closed && !contest.finalized && !contest.entered;
  return (
    <section className="container narrow section">
      <p className="muted">{t("review.tag")}</p>
      <h1 translate="no">{contest.title}</h1>
      <p>{t("review.intro")}</p>
      {contest.entered ? (
        <p className="card" role="status">{t("review.entered")}</p>
      ) : contest.finalized ? (
        <p className="card" role="status">{t("review.final")}</p>
      ) : !contest.closed ? (
        <p className="card" role="status">{t("review.notClosed")}</p>
      ) : null}
      {entries.length === 0 ? <p className="muted">{t("review.empty")}</p> : null}
      {entries.map((entry) => (
        <ReviewEntry key={entry.user_id} entry={entry} me={me} open={open} lastResult={posted?.userId === entry.user_id ? posted.reply : undefined} />
      ))}
    </section>
  );
}

export const ErrorBoundary = ContestNotFound;
