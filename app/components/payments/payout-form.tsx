// /account's "Prize payouts" (app/routes/account.tsx): where prizes are paid, shown masked,
// and the form to set it: a UPI ID, or a bank account with its IFSC. Both sets of fields
// are on the page, so it works without JavaScript; the chosen method decides which count.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/ui/field";
import { PAYOUT_MAX } from "~/models/payments/payout-details";
import type { PayoutSchema } from "~/models/payments/payout-schema";
import { useSchemaForm } from "~/utils/use-schema-form";

export function PayoutForm({ current, lastResult, busy }: { current: { method: "upi" | "bank"; label: string } | null; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm<typeof PayoutSchema>(lastResult, { id: "payout", defaultValue: { method: current?.method ?? "upi" } });
  const method = fields.method.initialValue;
  return (
    <Form method="post" className="form card" {...form.props}>
      <input type="hidden" name="intent" value="payout" />
      <p className="muted" style={{ margin: 0 }}>
        {current ? <>Prizes and marketplace earnings are paid to <strong>{current.label}</strong>.</> : "Add where your prizes and marketplace earnings should be paid. They wait until you do."}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="payment-methods" aria-describedby={fields.method.errors ? fields.method.errorId : undefined}>
        <legend>Pay my prizes to</legend>
        <label className="check">
          <input type="radio" name="method" value="upi" defaultChecked={method !== "bank"} /> UPI
        </label>
        <label className="check">
          <input type="radio" name="method" value="bank" defaultChecked={method === "bank"} /> Bank account
        </label>
        <p id={fields.method.errorId} className="field-error">
          {fields.method.errors?.[0]}
        </p>
      </fieldset>
      <TextField label="UPI ID (for UPI)" field={fields.upiId} autoComplete="off" spellCheck={false} maxLength={PAYOUT_MAX.upiId} hint="Like name@okaxis" />
      <TextField label="Account holder (for a bank account)" field={fields.holder} autoComplete="name" maxLength={PAYOUT_MAX.holder} />
      <TextField label="Account number" field={fields.accountNumber} inputMode="numeric" autoComplete="off" maxLength={PAYOUT_MAX.accountNumber + 4} />
      <TextField label="Account number, again" field={fields.confirmAccountNumber} inputMode="numeric" autoComplete="off" maxLength={PAYOUT_MAX.accountNumber + 4} />
      <TextField label="IFSC" field={fields.ifsc} autoComplete="off" spellCheck={false} maxLength={PAYOUT_MAX.ifsc} hint="11 characters, on your cheque book or passbook" />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Saving..." : "Save Payout Details"}
      </button>
    </Form>
  );
}
