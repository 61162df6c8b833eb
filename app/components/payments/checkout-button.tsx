import { Form, useNavigate } from "@remix-run/react";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { requestJson } from "~/utils/post-json";
import { useHydrated } from "~/utils/use-hydrated";

// The pay button. Without JavaScript it is a plain form post that leads to the
// gateway's hosted page. With JavaScript the checkout opens in place: Razorpay's
// checkout.js when keys are set, the test gateway's dialog otherwise (contests.md §4:
// none → processing → success, then the confirmation after 1.5 s, or failed;
// dismissing resets to none).

type Status = "none" | "processing" | "success" | "failed";
type Signed = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type Order = { orderId: string; amount: number; currency: string; keyId: string; gateway: "razorpay" | "test" } | { enrolled: true };

export const PAYMENT_FAILED = "Payment failed. Please try again.";
const SUCCESS_REDIRECT_MS = 1_500;

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => { open(): void };
  }
}

function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://checkout.razorpay.com/v1/checkout.js";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("checkout.js did not load"));
    document.head.append(script);
  });
}

export function CheckoutButton(props: { contestId: string; title: string; email: string; label: ReactNode; initiallyFailed: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(props.initiallyFailed ? "failed" : "none");
  const dialog = useRef<HTMLDialogElement>(null);
  const pendingOrder = useRef<string | null>(null);

  async function verify(signed: Signed) {
    try {
      const result = await requestJson<{ success: boolean; redirect?: string }>("/api/payment/verify", {
        orderId: signed.razorpay_order_id,
        paymentId: signed.razorpay_payment_id,
        signature: signed.razorpay_signature,
      });
      // Paid but not enrolled (too late, or a second payment): the server's own message
      // waits on the page it names, as it would without JavaScript.
      if (result.redirect) return navigate(result.redirect);
      if (!result.success) throw new Error("Payment verification failed");
      setStatus("success");
      setTimeout(() => navigate(`/contest/${props.contestId}/confirmation`), SUCCESS_REDIRECT_MS);
    } catch {
      setStatus("failed");
    }
  }

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus("processing");
    try {
      const order = await requestJson<Order>("/api/payment/create-order", { contestId: props.contestId });
      if ("enrolled" in order) {
        navigate(`/contest/${props.contestId}/confirmation`);
        return;
      }
      if (order.gateway === "test") {
        pendingOrder.current = order.orderId;
        dialog.current?.showModal();
        return;
      }
      await loadRazorpay();
      new window.Razorpay!({
        key: order.keyId,
        order_id: order.orderId,
        amount: order.amount * 100,
        currency: order.currency,
        name: "StudyArena",
        description: props.title,
        prefill: { email: props.email },
        handler: (signed: Signed) => void verify(signed),
        modal: { ondismiss: () => setStatus("none") },
      }).open();
    } catch {
      setStatus("failed");
    }
  }

  async function testGateway(outcome: "pay" | "fail" | "cancel") {
    dialog.current?.close();
    const orderId = pendingOrder.current;
    if (outcome === "cancel" || !orderId) return setStatus("none");
    if (outcome === "fail") return setStatus("failed");
    try {
      await verify(await requestJson<Signed>("/api/payment/test-checkout", { orderId }));
    } catch {
      setStatus("failed");
    }
  }

  const busy = status === "processing" || status === "success";
  return (
    <>
      {status === "failed" ? (
        <p className="alert alert-error" role="alert">
          {PAYMENT_FAILED}
        </p>
      ) : null}
      {status === "processing" ? (
        <p className="alert alert-info" role="status">
          Processing your payment…
        </p>
      ) : null}
      {status === "success" ? (
        <p className="alert alert-success" role="status">
          Payment successful! Taking you to your confirmation…
        </p>
      ) : null}
      <Form method="post" onSubmit={hydrated ? pay : undefined}>
        <button type="submit" name="intent" value="pay" className="btn btn-primary btn-block" disabled={busy}>
          {status === "processing" ? "Processing..." : props.label}
        </button>
      </Form>
      {hydrated ? (
        <dialog ref={dialog} className="dialog" aria-labelledby="test-checkout-title" onCancel={() => setStatus("none")}>
          <p className="tag">Test payment: no money moves</p>
          <h2 id="test-checkout-title">StudyArena test gateway</h2>
          <p>{props.title}</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => void testGateway("pay")}>
              Pay
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => void testGateway("fail")}>
              Fail
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => void testGateway("cancel")}>
              Cancel
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
