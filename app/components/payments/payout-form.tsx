// /account's "Prize payouts" (app/routes/account.tsx): where prizes are paid, shown masked,
// and the form to set it: a UPI ID, or a bank account with its IFSC. Both sets of fields
// are on the page, so it works without JavaScript; the chosen method decides which count.
import { UpiPinNote } from "~/components/payments/upi-pin-note";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { FormErrors, TextField } from "~/components/ui/field";
import { formatDateTime } from "~/utils/dates";
import { PAYOUT_MAX } from "~/models/payments/payout-details";
import type { PayoutSchema } from "~/models/payments/payout-schema";
import { richText, useT } from "~/utils/i18n";
import { useSchemaForm } from "~/utils/use-schema-form";

// Words from the "account" namespace: /account loads it.

type Current = { method: "upi" | "bank"; label: string; heldUntil: string | null } | null;

export function PayoutForm({ current, lastResult, busy }: { current: Current; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm<typeof PayoutSchema>(lastResult, { id: "payout", defaultValue: { method: current?.method ?? "upi" } });
  const method = fields.method.initialValue;
  const { t, locale } = useT();
  return (
    <Form method="post" className="form card" {...form.props}>
      <input type="hidden" name="intent" value="payout" />
      <p className="muted" style={{ margin: 0 }}>
        {current ? richText(t("account.payout.paidTo", { label: current.label }), [(label) => <strong translate="no">{label}</strong>]) : t("account.payout.none")}
      </p>
      {current?.heldUntil ? (
        <p className="alert alert-info">
          {t("account.payout.heldUntil", { until: formatDateTime(current.heldUntil, locale) })}
        </p>
      ) : null}
      <UpiPinNote />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="payment-methods" aria-describedby={fields.method.errors ? fields.method.errorId : undefined}>
        <legend>{t("account.payout.legend")}</legend>
        <label className="check">
          <input type="radio" name="method" value="upi" defaultChecked={method !== "bank"} /> {t("account.payout.upi")}
        </label>
        <label className="check">
          <input type="radio" name="method" value="bank" defaultChecked={method === "bank"} /> {t("account.payout.bank")}
        </label>
        <p id={fields.method.errorId} className="field-error">
          {fields.method.errors?.[0]}
        </p>
      </fieldset>
      <TextField label={t("account.payout.upiId")} field={fields.upiId} autoComplete="off" spellCheck={false} maxLength={PAYOUT_MAX.upiId} hint={t("account.payout.upiHint")} />
      <TextField label={t("account.payout.holder")} field={fields.holder} autoComplete="name" maxLength={PAYOUT_MAX.holder} />
      <TextField label={t("account.payout.number")} field={fields.accountNumber} inputMode="numeric" autoComplete="off" maxLength={PAYOUT_MAX.accountNumber + 4} />
      <TextField label={t("account.payout.numberAgain")} field={fields.confirmAccountNumber} inputMode="numeric" autoComplete="off" maxLength={PAYOUT_MAX.accountNumber + 4} />
      <TextField label={t("account.payout.ifsc")} field={fields.ifsc} autoComplete="off" spellCheck={false} maxLength={PAYOUT_MAX.ifsc} hint={t("account.payout.ifscHint")} />
      <PasswordField label={t("account.payout.password")} field={fields.currentPassword} autoComplete="current-password" />
      <p className="muted" style={{ margin: 0 }}>{t("account.payout.passwordHint")}</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("account.saving") : t("account.payout.save")}
      </button>
    </Form>
  );
}
