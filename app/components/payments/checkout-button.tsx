import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { PAYMENT_FAILED, SUCCESS_REDIRECT_MS, useInPageCheckout, type Opened } from "~/components/payments/use-in-page-checkout";
import { useT } from "~/utils/i18n";
import { postJsonPatiently } from "~/utils/post-json";

// The contest's pay button. Without JavaScript it is a plain form post that leads to
// the gateway's hosted page. With JavaScript the checkout opens in place, and a paid
// entry goes on to its confirmation after 1.5 s. Its words are the contest namespace's.

export { PAYMENT_FAILED };

/** `withoutScript`: what the form also asks when it is posted without JavaScript (gone once the page is hydrated). */
export function CheckoutButton(props: { contestId: string; title: string; email: string; label: ReactNode; initiallyFailed: boolean; withoutScript?: ReactNode }) {
  const confirmation = `/contest/${props.contestId}/confirmation`;
  const { hydrated, status, begin, testDialog } = useInPageCheckout({
    title: props.title,
    email: props.email,
    initiallyFailed: props.initiallyFailed,
    verifyUrl: "/api/payment/verify",
    paidPath: () => confirmation,
    paidDelayMs: SUCCESS_REDIRECT_MS,
  });

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void begin(async () => {
      const res = await postJsonPatiently("/api/payment/create-order", { contestId: props.contestId });
      const order = (await res.json().catch(() => ({}))) as (Opened | { enrolled: true }) & { error?: string; redirect?: string };
      // Changed terms to agree to first (issue 67, point 7): the server names the page.
      if (order.redirect) return { redirect: order.redirect };
      if (!res.ok) throw new Error(order.error ?? `HTTP ${res.status}`);
      return "enrolled" in order ? { redirect: confirmation } : order;
    });
  }

  const busy = status === "processing" || status === "success";
  const { t } = useT();
  return (
    <>
      {status === "failed" ? (
        <p className="alert alert-error" role="alert">
          {t("contest.pay.failed")}
        </p>
      ) : null}
      {status === "processing" ? (
        <p className="alert alert-info" role="status">
          {t("contest.pay.processing")}
        </p>
      ) : null}
      {status === "success" ? (
        <p className="alert alert-success" role="status">
          {t("contest.pay.success")}
        </p>
      ) : null}
      <Form method="post" onSubmit={hydrated ? pay : undefined}>
        {hydrated ? null : props.withoutScript}
        <button type="submit" name="intent" value="pay" className="btn btn-primary btn-block" disabled={busy}>
          {status === "processing" ? t("contest.pay.processingButton") : props.label}
        </button>
      </Form>
      {testDialog}
    </>
  );
}
