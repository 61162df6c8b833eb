// /account's "Your name in public" (app/routes/account.tsx, issue 67, point 5): whether the
// Hall of Champions and leaderboards show the full name or a first name and an initial. An
// ordinary form with a checkbox, so it works without JavaScript; a minor is told their full
// name is never public, and the action refuses the tick with the same words.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, FormErrors } from "~/components/ui/field";
import type { PublicNameSchema } from "~/models/accounts/schemas";
import { richText, useT } from "~/utils/i18n";
import { useSchemaForm } from "~/utils/use-schema-form";

// Words from the "account" namespace: /account loads it.

type Shown = { publicFullName: boolean; mayChoose: boolean; name: string | null };

export function PublicNameForm({ shown, lastResult, busy }: { shown: Shown; lastResult: SubmissionResult<string[]> | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm<typeof PublicNameSchema>(lastResult, { id: "public-name", defaultValue: { publicFullName: shown.publicFullName && shown.mayChoose ? "on" : undefined } });
  const { t } = useT();
  return (
    <Form method="post" className="form card" {...form.props}>
      <input type="hidden" name="intent" value="publicName" />
      <p className="muted" style={{ margin: 0 }}>
        {t("account.publicName.intro")}
      </p>
      {shown.name ? <p style={{ margin: 0 }}>{richText(t("account.publicName.now", { name: shown.name }), [(name) => <strong translate="no">{name}</strong>])}</p> : null}
      {shown.mayChoose ? null : <p className="alert alert-info">{t("account.publicName.minorNote")}</p>}
      <FormErrors id={form.errorId} errors={form.errors} />
      <CheckboxField field={fields.publicFullName}>{t("account.publicName.full")}</CheckboxField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("account.saving") : t("account.publicName.save")}
      </button>
    </Form>
  );
}
