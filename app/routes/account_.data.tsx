// "Your data" (issue 46, point 5): download everything we hold about you, correct it, or
// erase your account. The download is a plain link (app/routes/account_.data[.]json.tsx);
// erasure is a form that asks for the password, so it works without JavaScript and a
// session left open on a shared phone cannot do it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { ErrorPage } from "~/components/error-page";
import { FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { destroySession, requireUser } from "~/models/accounts/auth.server";
import { ACCOUNT_MESSAGES, MESSAGES } from "~/models/accounts/messages";
import { eraseAccount, owedMessage } from "~/models/person-data.server";
import { EraseAccountSchema } from "~/models/accounts/schemas";
import { declinablePrizes } from "~/models/payments/payouts.server";
import { setFlash } from "~/utils/flash.server";
import { parseForm } from "~/utils/forms.server";
import { msgText, richText, useT } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta = translatedPageMeta("account.data.metaTitle", "account.data.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Prizes waiting for payout details hold the erasure; each may be declined instead (issue 65).
  const prizes = (await declinablePrizes(db, { userId: user.id })).map((p) => ({ id: p.id, title: p.title, net: p.net }));
  return { prizes, messages: i18nFor(request, context, "account", "auth").messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Only the signed-in user's own account: nothing in the form names whose.
  const user = await requireUser(request, context);
  const { t } = i18nFor(request, context);
  const submission = await parseForm(request, EraseAccountSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply({ hideFields: ["password"] }), t), { status: 400 });
  const result = await eraseAccount(db, { userId: user.id, password: submission.value.password, now: new Date() });
  if (!result.ok) {
    // What is still owed says its own message (each domain's contract, models/person-data.server.ts).
    const message = result.reason === "wrong-password" ? ACCOUNT_MESSAGES.currentWrong : result.reason === "limited" ? MESSAGES.tooManyAttempts : owedMessage(result.reason)!;
    const field = result.reason === "wrong-password" ? { fieldErrors: { password: [msgText(message)] } } : { formErrors: [msgText(message)] };
    return data(translateReply(submission.reply({ ...field, hideFields: ["password"] }), t), { status: result.reason === "limited" ? 429 : 409 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await setFlash({ kind: "info", message: ACCOUNT_MESSAGES.erased }));
  headers.append("Clear-Site-Data", '"storage"');
  throw redirect("/", { headers });
}

export default function YourData() {
  const { prizes } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm<typeof EraseAccountSchema>(lastResult);
  const pending = useIsPending();
  const { t } = useT();
  return (
    <section className="container narrow section">
      <h1>{t("account.data.title")}</h1>
      <p className="muted">{t("account.data.intro")}</p>

      <h2>{t("account.data.download")}</h2>
      <p>{t("account.data.downloadText")}</p>
      {/* A plain link: the file comes as a download, with or without JavaScript. */}
      <a href="/account/data.json" download className="btn btn-primary">
        {t("account.data.downloadButton")}
      </a>

      <h2>{t("account.data.correct")}</h2>
      <p>
        {richText(t("account.data.correctText"), [(text) => <Link to="/account">{text}</Link>, (text) => <Link to="/contact">{text}</Link>])}
      </p>

      {prizes.length > 0 ? (
        <>
          <h2 id="prizes">{t("account.data.prizes")}</h2>
          <p>{richText(t("account.data.prizesText"), [(text) => <Link to="/account">{text}</Link>])}</p>
          <ul>
            {prizes.map((p) => (
              <li key={p.id}>
                {t("account.data.prizeLine", { title: p.title, net: formatINR(p.net) })} <Link to={`/account/prizes/${p.id}/decline`}>{t("account.data.declineLink")}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>{t("account.data.erase")}</h2>
      <p>{t("account.data.eraseText")}</p>
      <Form method="post" className="form" {...form.props}>
        <input type="hidden" name="intent" value="erase" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <PasswordField label={t("account.data.password")} field={fields.password} autoComplete="current-password" />
        <button type="submit" className="btn btn-danger" disabled={pending}>
          {pending ? t("account.data.erasing") : t("account.data.eraseButton")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = ErrorPage;
