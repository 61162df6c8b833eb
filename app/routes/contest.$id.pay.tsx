import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CheckoutButton } from "~/components/payments/checkout-button";
import { notFoundBoundary } from "~/components/not-found";
import { HostedCheckoutForm } from "~/components/payments/hosted-checkout-form";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { startContestPayment } from "~/models/contests/enrolment.server";
import { formatDateTime } from "~/utils/dates";
import { kickOutbox } from "~/services/email.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { formatINR } from "~/utils/money";
import { appUrl } from "~/utils/env.server";
import { hostedCheckout, paymentGateway } from "~/models/payments/gateway.server";
import { TEST_NEEDS } from "~/models/contests/rules";
import { STAGE_MESSAGES } from "~/models/contests/stage";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Pay for ${data.contest.title} — StudyArena` : "Contest Not Found — StudyArena" },
  { name: "description", content: "Pay the entry fee to enrol in a StudyArena contest." },
];

export async function loader(args: LoaderFunctionArgs) {
  const { contest, user } = await requireContestStage(db, args, "pay");
  const status = new URL(args.request.url).searchParams.get("status");
  return {
    contest: { id: contest.id, title: contest.title, description: contest.description, entry_fee: contest.entry_fee, start_time: contest.start_time },
    failed: status === "failed",
    email: user.email,
    gateway: paymentGateway()?.kind ?? null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { user, contest } = await requireContestStage(db, args, "pay");
  await readForm(args.request, ["intent"]);
  const outcome = await startContestPayment(db, paymentGateway(), { userId: user.id, contestId: contest.id, now: new Date() });
  switch (outcome.kind) {
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
    default:
      return redirectWithFlash(`/contest/${contest.id}`, { kind: "error", message: STAGE_MESSAGES.enrolmentClosed });
  }
}

export const handle = { razorpayCheckout: true };

export default function PayPage() {
  const { contest, failed, gateway, email } = useLoaderData<typeof loader>();
  const testGateway = gateway === "test";
  const hosted = useActionData<typeof action>()?.hosted;
  const free = contest.entry_fee === 0;
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/contest/${contest.id}`}>← Back to the contest</Link>
      </p>
      <h1>{contest.title}</h1>
      <p className="muted">{contest.description}</p>
      <p className="alert alert-info">Before you enrol: {TEST_NEEDS}</p>
      <DeviceCheck />
      <div className="card">
        <h2>Summary</h2>
        <dl className="facts-list">
          <div><dt>Entry fee</dt><dd>{free ? "Free" : formatINR(contest.entry_fee)}</dd></div>
          <div><dt>Platform fee</dt><dd>{formatINR(0)}</dd></div>
          <div><dt>Total</dt><dd><strong>{free ? "Free" : formatINR(contest.entry_fee)}</strong></dd></div>
          <div><dt>Test opens</dt><dd>{formatDateTime(contest.start_time)} IST</dd></div>
        </dl>
        {free ? null : (
          <p className="muted">
            Pay securely with cards, UPI, net banking or wallets. Your payment is processed by our payment partner; we never see your card details.
            {testGateway ? " Test payment: no money moves (this server uses the built-in test gateway)." : null}
          </p>
        )}
        {!free && !gateway ? (
          <p className="alert alert-error" role="alert">
            {STAGE_MESSAGES.paymentsOff}
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
            label={free ? "Enroll for Free" : `Pay ${formatINR(contest.entry_fee)} & Enroll`}
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
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    const found: string[] = [];
    if (!document.fullscreenEnabled) found.push("this browser cannot show the test in fullscreen (on an iPhone, the test runs full-window instead)");
    if (!navigator.mediaDevices?.getUserMedia) found.push("this browser cannot use a camera");
    // A one-off check of the device: its result is state the server cannot know.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setProblems(found);
  }, []);
  if (problems.length === 0) return null;
  return (
    <div className="alert alert-error" role="status">
      Before you pay: {problems.join("; ")}. The test needs a camera and works best in Chrome or Firefox on a phone or computer.
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Contest Not Found",
  message: "This contest does not exist or has been removed.",
  action: { label: "Back to Home", to: "/" },
});
