// Agreeing to changed terms (issue 67, point 7): a signed-in person whose newest agreement is
// older than a current version is sent here, once, before an enrolment, a payment or a listing
// (models/accounts/agreements/agreements.server.ts), and goes on to `next` after agreeing. The
// page says in a sentence what each newer version changed. A plain form with a tick, so it
// works without JavaScript; the versions it showed are posted back, and a page read before a
// newer version is shown afresh rather than recorded.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { agreedVersions, recordAgreement } from "~/models/accounts/agreements/agreements.server";
import { AgreeSchema } from "~/models/accounts/agreements/agree-schema";
import { AGREE_MESSAGES, agreeUrl, changesSince, currentVersions, isCurrent, mustAgree } from "~/models/accounts/agreements/policy-versions";
import { formatDate } from "~/utils/dates";
import { parseForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { richText, useT } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/urls";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("account.agree.metaTitle", "account.agree.metaDescription");

// Where a person goes on to: a path of ours (app/utils/urls.ts), the agree page itself never.
const onward = (next: unknown) => {
  const to = safeRedirect(next, "/dashboard");
  return to.startsWith("/account/agree") ? "/dashboard" : to;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const next = onward(new URL(request.url).searchParams.get("next"));
  const agreed = await agreedVersions(db, user.id);
  // Asked once: someone who has agreed goes straight on (a link kept from before, a back button).
  if (!mustAgree(agreed)) throw redirect(next);
  return { next, current: currentVersions(), changes: changesSince(agreed), messages: i18nFor(request, context, "account").messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { t } = i18nFor(request, context);
  const submission = await parseForm(request, AgreeSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), t), { status: 400 });
  const { versions } = submission.value;
  const next = onward(submission.value.next);
  // The page was read before a newer version (or never served): show it afresh, record nothing.
  if (!isCurrent(versions)) throw redirect(agreeUrl(next));
  if (mustAgree(await agreedVersions(db, user.id))) await recordAgreement(db, { userId: user.id, now: new Date(), via: "asked", versions });
  return redirectWithFlash(next, { kind: "success", message: AGREE_MESSAGES.agreed });
}

export default function AgreePage() {
  const { next, current, changes } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm<typeof AgreeSchema>(lastResult);
  const pending = useIsPending();
  const { t, locale } = useT();
  const name = (document: "terms" | "privacy") => t(document === "terms" ? "account.policies.terms" : "account.policies.privacy");
  return (
    <section className="container narrow section">
      <h1>{t("account.agree.title")}</h1>
      <p>{t("account.agree.intro")}</p>
      <ul className="agree-changes">
        {changes.map((change) => (
          <li key={`${change.document}-${change.version}`}>
            <strong>{t("account.agree.versionOf", { name: name(change.document), version: change.version, date: formatDate(change.date, locale) })}</strong>
            {": "}
            {t(change.changed)}
          </li>
        ))}
      </ul>
      <p>{richText(t("account.agree.read"), [(text) => <Link to="/terms">{text}</Link>, (text) => <Link to="/privacy">{text}</Link>])}</p>
      <Form method="post" className="form card" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="terms" value={current.terms} />
        <input type="hidden" name="privacy" value={current.privacy} />
        <input type="hidden" name="next" value={next} />
        <CheckboxField field={fields.agree}>{t("account.agree.tick", { terms: current.terms, privacy: current.privacy })}</CheckboxField>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t("account.agree.pending") : t("account.agree.button")}
        </button>
      </Form>
      <p className="muted">{richText(t("account.agree.notNow"), [(text) => <Link to="/">{text}</Link>])}</p>
    </section>
  );
}

export const ErrorBoundary = ErrorPage;
