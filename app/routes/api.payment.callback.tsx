import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { callbackPage, queuedMail, settlePayment } from "~/models/fulfilments.server";
import { orderOwner } from "~/models/payments/ledger.server";
import { kickOutbox } from "~/services/email.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";
import type { RequestPolicy } from "~/server/policy";

// Where the gateway's hosted page sends the payer back (Razorpay's callback_url, or
// the test gateway's Pay and Fail forms). Razorpay posts from its own site, so this
// exact path is exempt from the cross-site check: the HMAC signature is its check, and
// the payment is found by its order id, not by a session cookie (which a cross-site
// POST does not carry). Where the payer goes next comes from the payment's purpose.
/** Posted from the gateway's own site: its signature, not the Origin, is the check. */
export const requestPolicy: RequestPolicy = { crossSite: "signed" };

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature", "error"]);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const orderId = field("razorpay_order_id");
  const owner = await orderOwner(db, orderId);
  invariantResponse(owner, "Unknown payment", { status: 400 });

  // Without a payment id the callback is unsigned: anyone could send it with someone
  // else's order id. It only shows the payer the failure; it changes nothing (a failed
  // attempt is counted from the signed webhook, and the hold ends on its own).
  let outcome = "failed";
  if (field("razorpay_payment_id")) {
    const settled = await settlePayment(db, { orderId, paymentId: field("razorpay_payment_id"), signature: field("razorpay_signature"), now: new Date() });
    if (queuedMail(settled)) kickOutbox();
    outcome = settled.kind;
  }
  const page = await callbackPage(db, owner.purpose, owner.targetId, outcome);
  if (page.flash) return redirectWithFlash(page.to, page.flash);
  throw redirect(page.to);
}
