import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { FaqList } from "~/components/support/faq-list";
import { OperatorDetails } from "~/components/support/operator-details";
import { CheckboxField, FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { submitContactRequest } from "~/models/support/contact.server";
import { MESSAGES } from "~/models/accounts/messages";
import { clientIp, getUserId } from "~/models/accounts/auth.server";
import { ContactSchema } from "~/models/support/contact-schema";
import { CONTACT_MAX, contactSentWithTicket, SUBJECT_LABELS } from "~/models/support/contact-copy";
import { richText, useT, msgText } from "~/utils/i18n";
import { localeOf, messagesUnder, translateReply, translator } from "~/utils/i18n.server";
import { kickOutbox } from "~/services/email.server";
import { parseForm } from "~/utils/forms.server";
import { nowOf } from "~/utils/clock";
import { redirectWithFlash } from "~/utils/http.server";
import { useIsPending } from "~/utils/use-is-pending";
import { CONTACT_SUBJECTS } from "~/utils/enums";
import { POLICY, useSupportContact } from "~/models/support/policy";
import { translatedPageMeta } from "~/utils/meta";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("pages.contact.metaTitle", "pages.contact.metaDescription");

export const loader = ({ request, context }: LoaderFunctionArgs) => ({ messages: messagesUnder(localeOf(request, context), "pages.contact.", "pages.faq.") });

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, ContactSchema);
  const locale = localeOf(request, context);
  if (submission.status !== "success") return data(translateReply(submission.reply(), translator(locale)), { status: 400 });
  const outcome = await submitContactRequest(db, {
    ...submission.value,
    userId: await getUserId(request, context),
    ip: clientIp(context),
    locale,
    now: nowOf(context),
  });
  if (outcome.kind === "limited") return data(translateReply(submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)] }), translator(locale)), { status: 429 });
  kickOutbox();
  // Post/redirect/get: the page comes back with the alert and an empty form.
  return redirectWithFlash("/contact", { kind: "success", message: contactSentWithTicket(outcome.ticket) });
}

export default function ContactPage() {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const location = useLocation();
  const support = useSupportContact();
  const [form, fields] = useSchemaForm<typeof ContactSchema>(lastResult);
  const { t } = useT();
  return (
    <ContentPage title={t("pages.contact.title")} intro={t("pages.contact.intro", { hours: POLICY.replyWithinHours })}>
      {/* A successful send redirects (a new location), so the form remounts empty: the spec's
          "the form then resets". A refused one stays at the same location, keeping the input. */}
      <Form key={location.key} method="post" className="form card" {...form.props} style={{ marginTop: "1rem" }}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={t("pages.contact.name")} field={fields.name} autoComplete="name" maxLength={CONTACT_MAX.name} />
        <TextField label={t("pages.contact.email")} field={fields.email} type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_MAX.email} />
        <SelectField
          label={t("pages.contact.subject")}
          field={fields.subject}
          placeholder={t("pages.contact.chooseSubject")}
          options={CONTACT_SUBJECTS.map((value) => ({ value, label: t(SUBJECT_LABELS[value]) }))}
        />
        <TextareaField label={t("pages.contact.message")} field={fields.message} rows={6} maxLength={CONTACT_MAX.message} />
        <CheckboxField field={fields.privacy}>{richText(t("pages.contact.privacy"), [(text) => <Link to="/privacy">{text}</Link>])}</CheckboxField>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t("pages.contact.sending") : t("pages.contact.send")}
        </button>
      </Form>

      <h2>{t("pages.contact.other")}</h2>
      <p>
        {richText(t(support.phone ? "pages.contact.reachPhone" : "pages.contact.reach", { email: support.email, phone: support.phone, hours: POLICY.reportProblemHours }), [
          (email) => <a href={`mailto:${support.email}`}>{email}</a>,
          (phone) => <a href={`tel:${(support.phone ?? "").replace(/\s/g, "")}`}>{phone}</a>,
        ])}
      </p>

      <OperatorDetails />

      <h2>{t("pages.contact.faq")}</h2>
      <FaqList />
      <p>
        <Link to="/faq">{t("pages.contact.allFaqs")}</Link>
      </p>
    </ContentPage>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
