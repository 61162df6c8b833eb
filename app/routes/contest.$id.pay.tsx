import type { RequestPolicy } from "~/server/policy";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CheckoutButton } from "~/components/payments/checkout-button";
import { ContestNotFound } from "~/components/not-found";
import { HostedCheckoutForm } from "~/components/payments/hosted-checkout-form";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { requireAgreement } from "~/models/accounts/agreements/agreements.server";
import { formatDateTime } from "~/utils/dates";
import { kickOutbox } from "~/services/email.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { formatINR } from "~/utils/money";
import { appUrl } from "~/utils/env.server";
import { hostedCheckout, paymentGateway } from "~/models/payments/gateway.server";
import { STAGE_MESSAGES } from "~/models/contests/catalogue/stage";
import { useT, type MessageId, translateMsg } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { metaTranslator } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: t("common.pageTitle", { title: data ? t(data.contest.entry_fee === 0 ? "contest.pay.metaTitleFree" : "contest.pay.metaTitle", { title: data.contest.title }) : t("common.notFound.contest") }) },
    { name: "description", content: t("contest.pay.metaDescription") },
  ];
};

export async function loader(args: LoaderFunctionArgs) {
  const { contest, user } = await requireContestStage(db, args, "pay");
  // Changed terms are agreed to before any enrolment, free or paid (issue 67, point 7).
  await requireAgreement(db, args.request, user.id);
  const status = new URL(args.request.url).searchParams.get("status");
  const { t, messages } = i18nFor(args.request, args.context, "contest");
  return {
    messages,
    // Said by the server, so already in the page's language.
    paymentsOff: translateMsg(t, STAGE_MESSAGES.paymentsOff),
    contest: { id: contest.id, title: contest.title, description: contest.description, entry_fee: contest.entry_fee, start_time: contest.start_time },
    failed: status === "failed",
    email: user.email,
    gateway: paymentGateway()?.kind ?? null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { user, contest } = await requireContestStage(db, args, "pay");
  await requireAgreement(db, args.request, user.id);
  const form = await readForm(args.request, ["intent", "device"]);
  const outcome = await startContestPayment(db, paymentGateway(), { userId: user.id, contestId: contest.id, now: new Date(), deviceConfirmed: form.get("device") === "yes" });
  switch (outcome.kind) {
    case "confirm-device":
      return { confirmDevice: true as const };
    case "enrolled":
      kickOutbox();
      throw redirect(`/contest/${contest.id}/confirmation`);
    case "order": {
      // Without JavaScript: the gateway's hosted page, which posts back to our callback.
      if (outcome.gateway.kind === "test") throw redirect(`/payments/test-gateway?${new URLSearchParams({ order: outcome.orderId })}`);
      // Razorpay's hosted checkout is entered by a form post (a button, so no JavaScript is needed).
      return {
        hosted: hostedCheckout(outcome.gateway, {
          orderId: outcome.orderId,
          description: contest.title,
          email: user.email,
          callbackUrl: `${appUrl()}/api/payment/callback`,
          cancelUrl: `${appUrl()}/contest/${contest.id}/pay?status=failed`,
        }),
      };
    }
    case "already-enrolled":
      return redirectWithFlash(`/contest/${contest.id}`, { kind: "info", message: STAGE_MESSAGES.alreadyEnrolled });
    case "unavailable":
      return redirectWithFlash(`/contest/${contest.id}/pay`, { kind: "error", message: STAGE_MESSAGES.paymentsOff });
    case "limited":
      return redirectWithFlash(`/contest/${contest.id}/pay`, { kind: "error", message: STAGE_MESSAGES.tooManyOrders });
    case "not-offered":
      return redirectWithFlash(`/contest/${contest.id}`, { kind: "error", message: STAGE_MESSAGES.unavailable });
    default:
      return redirectWithFlash(`/contest/${contest.id}`, { kind: "error", message: STAGE_MESSAGES.enrolmentClosed });
  }
}

/** Razorpay's checkout opens here (in place, or its hosted page by a form post): its CSP admits it. */
export const requestPolicy: RequestPolicy = { hostedCheckout: true };

export default function PayPage() {
  const { contest, failed, gateway, email, paymentsOff } = useLoaderData<typeof loader>();
  const testGateway = gateway === "test";
  const reply = useActionData<typeof action>();
  const hosted = reply && "hosted" in reply ? reply.hosted : undefined;
  const free = contest.entry_fee === 0;
  const { t, locale } = useT();
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/contest/${contest.id}`}>{t("contest.pay.back")}</Link>
      </p>
      <div translate="no">
        <h1>{contest.title}</h1>
        <p className="muted">{contest.description}</p>
      </div>
      <p className="alert alert-info">{t("contest.pay.before")}</p>
      <DeviceCheck />
      <div className="card">
        <h2>{t("contest.pay.summary")}</h2>
        <dl className="facts-list">
          <div><dt>{t("contest.entryFee")}</dt><dd>{free ? t("contest.free") : formatINR(contest.entry_fee)}</dd></div>
          {/* Nothing to pay: no fee lines to add up (issue 65, point 7). */}
          {free ? null : (
            <>
              <div><dt>{t("contest.pay.platformFee")}</dt><dd>{formatINR(0)}</dd></div>
              <div><dt>{t("contest.pay.total")}</dt><dd><strong>{formatINR(contest.entry_fee)}</strong></dd></div>
            </>
          )}
          <div><dt>{t("contest.pay.opens")}</dt><dd>{t("contest.when", { when: formatDateTime(contest.start_time, locale) })}</dd></div>
        </dl>
        {free ? null : (
          <p className="muted">
            {t("contest.pay.secure")}
            {testGateway ? ` ${t("contest.pay.test")}` : null}
          </p>
        )}
        {!free && !gateway ? (
          <p className="alert alert-error" role="alert">
            {paymentsOff}
          </p>
        ) : hosted ? (
          <HostedCheckoutForm hosted={hosted} />
        ) : (
          <CheckoutButton
            key={String(failed)}
            contestId={contest.id}
            title={contest.title}
            email={email}
            initiallyFailed={failed}
            label={free ? t("contest.pay.free") : t("contest.pay.amount", { amount: formatINR(contest.entry_fee) })}
            withoutScript={free ? null : <DeviceTick refused={Boolean(reply && "confirmDevice" in reply)} />}
          />
        )}
      </div>
    </section>
  );
}

/**
 * Before anyone pays: can this device take the test? (docs/product/design.md §4, devices.) Needs
 * JavaScript to ask; without it nothing is shown, and the rules already say what is needed.
 */
function DeviceCheck() {
  const [problems, setProblems] = useState<MessageId[]>([]);
  const { t } = useT();
  useEffect(() => {
    const found: MessageId[] = [];
    if (!document.fullscreenEnabled) found.push("contest.pay.noFullscreen");
    if (!navigator.mediaDevices?.getUserMedia) found.push("contest.pay.noCamera");
    // A one-off check of the device: its result is state the server cannot know.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setProblems(found);
  }, []);
  if (problems.length === 0) return null;
  return (
    <div className="alert alert-error" role="status">
      {t("contest.pay.device", { problems: problems.map((p) => t(p)).join("; ") })}
    </div>
  );
}

/**
 * Without JavaScript the page cannot check the device, and the test cannot run in this
 * browser: before a fee is taken the student ticks that they will sit it where it can.
 */
function DeviceTick({ refused }: { refused: boolean }) {
  const { t } = useT();
  return (
    <>
      {refused ? (
        <p className="alert alert-error" role="alert" id="device-refused">
          {t("contest.pay.deviceTickNeeded")}
        </p>
      ) : null}
      <div className="field">
        <label className="check">
          <input type="checkbox" name="device" value="yes" required aria-describedby={refused ? "device-refused" : undefined} />
          <span>{t("contest.pay.deviceTick")}</span>
        </label>
      </div>
    </>
  );
}

export const ErrorBoundary = ContestNotFound;
