import { useT } from "~/utils/i18n";

/**
 * On every screen where money comes to someone (a payout, a prize, earnings, a refund): the
 * one sentence that defeats the "scan to receive" scam (issue 49, point 4). Receiving money
 * never needs a UPI PIN; whoever asks for one is taking money, not sending it.
 */
export function UpiPinNote() {
  const { t } = useT();
  return (
    <p className="alert alert-info" role="note">
      <strong>{t("common.upiPin")}</strong>
    </p>
  );
}
