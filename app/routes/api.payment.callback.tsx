import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { confirmContestPayment, failContestPayment, orderOwner, queuedMail } from "~/models/payments.server";
import { kickOutbox } from "~/utils/email.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";
import { paymentGateway } from "~/utils/payment-gateway.server";
import { POLICY } from "~/utils/support";

// Where the gateway's hosted page sends the student back (Razorpay's callback_url, or
// the test gateway's Pay and Fail forms). Razorpay posts from its own site, so this
// exact path is exempt from the cross-site check: the HMAC signature is its check, and
// the payment is found by its order id, not by a session cookie (which a cross-site
// POST does not carry).
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature", "error"]);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const orderId = field("razorpay_order_id");
  const contestId = (await orderOwner(db, orderId))?.contestId;
  invariantResponse(contestId, "Unknown payment", { status: 400 });
  const pay = `/contest/${contestId}/pay?status=failed`;

  if (!field("razorpay_payment_id")) {
    await failContestPayment(db, { orderId });
    throw redirect(pay);
  }
  const outcome = await confirmContestPayment(db, paymentGateway(), {
    orderId,
    paymentId: field("razorpay_payment_id"),
    signature: field("razorpay_signature"),
    now: new Date(),
  });
  if (queuedMail(outcome)) kickOutbox();
  switch (outcome.kind) {
    case "enrolled":
    case "already":
      throw redirect(`/contest/${contestId}/confirmation`);
    case "late":
      return redirectWithFlash(`/contest/${contestId}`, {
        kind: "error",
        message: `Enrolment closed before your payment completed, so you are not enrolled. Your payment will be refunded in ${POLICY.contestRefundProcessingDays} days.`,
      });
    case "duplicate":
      return redirectWithFlash(`/contest/${contestId}/confirmation`, {
        kind: "info",
        message: `You were already enrolled, so this second payment will be refunded in ${POLICY.contestRefundProcessingDays} days.`,
      });
    default:
      throw redirect(pay);
  }
}
