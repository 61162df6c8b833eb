import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { useT } from "~/utils/i18n";
import { requestJson } from "~/utils/post-json";
import { useHydrated } from "~/utils/use-hydrated";

// The gateway opened in the page, with JavaScript (the same order, signature and
// verification as the hosted page without it): Razorpay's checkout.js when keys are
// set, the test gateway's dialog otherwise (docs/product/contests.md §4, docs/product/marketplace.md §4: none →
// processing → success, or failed; dismissing resets to none).

export type Status = "none" | "processing" | "success" | "failed";
type Signed = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
/** A gateway order to pay, or a page to go to instead (enrolled for free, or refused with a flash message). */
export type Opened = { orderId: string; amount: number; currency: string; keyId: string; gateway: "razorpay" | "test" } | { redirect: string };
/** The verify route's reply: where to go once paid, or where the server's message waits. */
type Verified = { success: boolean; redirect?: string } & Record<string, unknown>;

export const PAYMENT_FAILED = "Payment failed. Please try again.";
/** After a payment succeeds, its confirmation follows this much later (docs/product/contests.md §4, docs/product/marketplace.md §9). */
export const SUCCESS_REDIRECT_MS = 1_500;

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

export function useInPageCheckout(options: {
  title: string;
  email: string;
  initiallyFailed: boolean;
  verifyUrl: string;
  /** Where a verified payment leads (from the verify route's reply), and after how long. */
  paidPath: (reply: Verified) => string;
  paidDelayMs: number;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { t } = useT();
  const [status, setStatus] = useState<Status>(options.initiallyFailed ? "failed" : "none");
  const dialog = useRef<HTMLDialogElement>(null);
  const pendingOrder = useRef<string | null>(null);

  async function verify(signed: Signed) {
    try {
      const reply = await requestJson<Verified>(options.verifyUrl, {
        orderId: signed.razorpay_order_id,
        paymentId: signed.razorpay_payment_id,
        signature: signed.razorpay_signature,
      });
      // Paid but not booked (too late, a second payment): the server's own message
      // waits on the page it names, as it would without JavaScript.
      if (reply.redirect) return navigate(reply.redirect);
      if (!reply.success) throw new Error("Payment verification failed");
      setStatus("success");
      setTimeout(() => navigate(options.paidPath(reply)), options.paidDelayMs);
    } catch {
      setStatus("failed");
    }
  }

  /** Asks the server for an order (`create`), then opens the gateway on it. */
  async function begin(create: () => Promise<Opened>) {
    setStatus("processing");
    try {
      const order = await create();
      if ("redirect" in order) {
        navigate(order.redirect);
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
        description: options.title,
        prefill: { email: options.email },
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

  const testDialog = hydrated ? (
    <dialog ref={dialog} className="dialog" aria-labelledby="test-checkout-title" onCancel={() => setStatus("none")}>
      <p className="tag">{t("common.gateway.test")}</p>
      <h2 id="test-checkout-title">{t("common.gateway.title")}</h2>
      <p>{options.title}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => void testGateway("pay")}>
          {t("common.gateway.pay")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => void testGateway("fail")}>
          {t("common.gateway.fail")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => void testGateway("cancel")}>
          {t("common.gateway.cancel")}
        </button>
      </div>
    </dialog>
  ) : null;

  return { hydrated, status, begin, testDialog };
}
