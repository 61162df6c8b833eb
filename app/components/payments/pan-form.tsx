// /account's PAN (app/routes/account.tsx; issue 67, point 3): shown masked once given, and
// the form to give or correct it with the name on the card, behind the password. A plain
// form: it works without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { FormErrors, TextField } from "~/components/ui/field";
import { PAN_MAX } from "~/models/payments/tax/tax-law";
import type { PanSchema } from "~/models/payments/tax/pan-schema";
import { richText, useT } from "~/utils/i18n";
import { useSchemaForm } from "~/utils/use-schema-form";

// Words from the "account" namespace: /account loads it.

export function PanForm({ current, lastResult, busy }: { current: { pan: string; name: string } | null; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm<typeof PanSchema>(lastResult, { id: "pan", defaultValue: { panName: current?.name ?? "" } });
  const { t } = useT();
  return (
    <Form method="post" className="form card" {...form.props}>
      <input type="hidden" name="intent" value="pan" />
      <p className="muted" style={{ margin: 0 }}>{t("account.pan.why")}</p>
      <p style={{ margin: 0 }}>
        {current ? richText(t("account.pan.given", { pan: current.pan, name: current.name }), [(pan) => <strong translate="no">{pan}</strong>]) : t("account.pan.none")}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={t("account.pan.pan")} field={fields.pan} autoComplete="off" spellCheck={false} autoCapitalize="characters" maxLength={PAN_MAX.pan + 4} hint={t("account.pan.panHint")} />
      <TextField label={t("account.pan.name")} field={fields.panName} autoComplete="name" maxLength={PAN_MAX.name} />
      <PasswordField label={t("account.payout.password")} field={fields.currentPassword} autoComplete="current-password" />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("account.saving") : t("account.pan.save")}
      </button>
      <p style={{ margin: 0 }}>
        <Link to="/account/tax-statement">{t("account.tax.link")}</Link>
      </p>
    </Form>
  );
}
