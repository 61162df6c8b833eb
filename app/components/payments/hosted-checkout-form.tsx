// Razorpay's hosted checkout, entered by a plain form post (a button, so no JavaScript is
// needed): the fields the action returned (models/payments/gateway.server.ts,
// hostedCheckout), posted to the gateway's page, which posts back to our callback.
import type { ReactNode } from "react";
import { useT } from "~/utils/i18n";

export type HostedCheckout = { action: string; fields: Record<string, string> };

export function HostedCheckoutForm({ hosted, className, children }: { hosted: HostedCheckout; className?: string; children?: ReactNode }) {
  const { t } = useT();
  return (
    <form method="post" action={hosted.action} className={className}>
      {children}
      {Object.entries(hosted.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn btn-primary btn-block">
        {t("common.hostedPay")}
      </button>
    </form>
  );
}
