import type { RequestPolicy } from "~/server/policy";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { HostedCheckoutForm } from "~/components/payments/hosted-checkout-form";
import { requireAgreement } from "~/models/accounts/agreements/agreements.server";
import { db } from "~/db/client.server";
import { CHALLENGE_FEE_MESSAGES, challengeFeeDue, startChallengePayment } from "~/models/contests/challenges/challenge-fees.server";
import { CHALLENGE_MESSAGES } from "~/models/contests/challenges/challenges";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { STAGE_MESSAGES } from "~/models/contests/catalogue/stage";
import { hostedCheckout, paymentGateway } from "~/models/payments/gateway.server";
import { appUrl } from "~/utils/env.server";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { i18nFor, localeOf, translator } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";

// The fee of one answer-key challenge (docs/product/design.md §4): the student's own
// challenge, waiting for its fee while the window is open. Paying is a plain form post,
// as the entry fee's page is: the test gateway's page or Razorpay's hosted checkout,
// back through /api/payment/callback to the question on the breakdown.
/** The fee is paid on Razorpay's hosted page by a form post: this page's CSP must admit it (it did not: every test used the test gateway). */
export const requestPolicy: RequestPolicy = { hostedCheckout: true };

export const meta = translatedPageMeta("results.fee.metaTitle", "results.fee.metaDescription");

/** The challenged question on the results' breakdown. */
const backTo = (contestId: string, questionId: string) => `/contest/${contestId}/results?tab=breakdown#q-${questionId}`;

export async function loader(args: LoaderFunctionArgs) {
  const now = new Date();
  const { user, contest } = await requireContestStage(db, args, "results", now);
  const challengeId = requireUuidParam(args.params, "challengeId");
  const due = await challengeFeeDue(db, { userId: user.id, contestId: contest.id, challengeId, now });
  // Someone else's challenge, or one of another contest, does not exist here.
  if (!due) notFound("Challenge Not Found");
  const back = backTo(contest.id, due.questionId);
  if (due.paid) throw redirect(back);
  // Changed terms are agreed to before any payment (issue 67, point 7).
  await requireAgreement(db, args.request, user.id);
  // "contest": the stage's refusal (payments off) is said with the contest pages' words.
  const { messages } = i18nFor(args.request, args.context, "results", "contest");
  return { contest: { id: contest.id, title: contest.title }, due, back, gateway: paymentGateway()?.kind ?? null, messages };
}

export async function action(args: ActionFunctionArgs) {
  const now = new Date();
  const { user, contest } = await requireContestStage(db, args, "results", now);
  const challengeId = requireUuidParam(args.params, "challengeId");
  await requireAgreement(db, args.request, user.id);
  await readForm(args.request, ["intent"]);
  // One look at the challenge: whose it is, whether it is unpaid and the window open.
  const outcome = await startChallengePayment(db, paymentGateway(), { userId: user.id, contestId: contest.id, challengeId, now });
  if (outcome.kind === "not-found") notFound("Challenge Not Found");
  const back = backTo(contest.id, outcome.questionId);
  switch (outcome.kind) {
    case "order":
      if (outcome.gateway.kind === "test") throw redirect(`/payments/test-gateway?${new URLSearchParams({ order: outcome.orderId })}`);
      return {
        hosted: hostedCheckout(outcome.gateway, {
          orderId: outcome.orderId,
          description: translator(localeOf(args.request, args.context))("results.fee.gatewayTitle", { title: contest.title }),
          email: user.email,
          callbackUrl: `${appUrl()}/api/payment/callback`,
          cancelUrl: `${appUrl()}/contest/${contest.id}/challenges/${challengeId}/pay`,
        }),
      };
    case "already-paid":
      return redirectWithFlash(back, { kind: "info", message: CHALLENGE_FEE_MESSAGES.paid });
    case "closed":
      return redirectWithFlash(back, { kind: "error", message: CHALLENGE_MESSAGES.closed });
    case "unavailable":
      return redirectWithFlash(back, { kind: "error", message: STAGE_MESSAGES.paymentsOff });
    case "limited":
      return redirectWithFlash(`/contest/${contest.id}/challenges/${challengeId}/pay`, { kind: "error", message: STAGE_MESSAGES.tooManyOrders });
  }
}

export default function ChallengeFeePage() {
  const { contest, due, back, gateway } = useLoaderData<typeof loader>();
  const hosted = useActionData<typeof action>()?.hosted;
  const busy = useNavigation().state !== "idle";
  const { t } = useT();
  return (
    <section className="container narrow section">
      <p>
        <Link to={back}>{t("results.fee.back", { n: due.number })}</Link>
      </p>
      <h1>{t("results.fee.title")}</h1>
      <div className="card">
        <dl className="facts-list">
          <div><dt>{t("results.fee.contest")}</dt><dd translate="no">{contest.title}</dd></div>
          <div><dt>{t("results.fee.challenge")}</dt><dd>{t("results.fee.what", { n: due.number })}</dd></div>
          <div><dt>{t("results.fee.fee")}</dt><dd><strong>{formatINR(due.fee)}</strong></dd></div>
        </dl>
        <p className="muted">
          {t("results.fee.howItWorks")}
          {gateway === "test" ? ` ${t("results.fee.test")}` : null}
        </p>
        {!due.open ? (
          <p className="alert alert-error" role="alert">
            {t("results.challenge.closed")}
          </p>
        ) : !gateway ? (
          <p className="alert alert-error" role="alert">
            {t("contest.stage.paymentsOff")}
          </p>
        ) : hosted ? (
          <HostedCheckoutForm hosted={hosted} />
        ) : (
          <Form method="post">
            <button type="submit" name="intent" value="pay" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t("results.fee.opening") : t("results.fee.pay", { amount: formatINR(due.fee) })}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.challenge", action: { label: "common.notFound.toDashboard", to: "/dashboard" } });
