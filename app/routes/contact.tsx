import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { FaqList } from "~/components/support/faq-list";
import { CheckboxField, FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { submitContactRequest } from "~/models/support/contact.server";
import { MESSAGES } from "~/models/accounts/messages";
import { clientIp, getUserId } from "~/models/accounts/auth.server";
import { ContactSchema } from "~/models/support/contact-schema";
import { CONTACT_MAX, CONTACT_SENT, SUBJECT_LABELS } from "~/models/support/contact-copy";
import { kickOutbox } from "~/services/email.server";
import { parseForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { useIsPending } from "~/utils/use-is-pending";
import { CONTACT_SUBJECTS } from "~/utils/enums";
import { POLICY, useSupportContact } from "~/models/support/policy";
import { pageMeta } from "~/utils/meta";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction = () => pageMeta("Contact & Support", "Write to StudyArena support about payments, contests, the marketplace or your account.");

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, ContactSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await submitContactRequest(db, {
    ...submission.value,
    userId: await getUserId(request, context),
    ip: clientIp(context),
    now: new Date(),
  });
  if (outcome === "limited") return data(submission.reply({ formErrors: [MESSAGES.tooManyAttempts] }), { status: 429 });
  kickOutbox();
  // Post/redirect/get: the page comes back with the alert and an empty form.
  return redirectWithFlash("/contact", { kind: "success", message: CONTACT_SENT });
}

export default function ContactPage() {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const location = useLocation();
  const support = useSupportContact();
  const [form, fields] = useSchemaForm<typeof ContactSchema>(lastResult);
  return (
    <ContentPage title="Contact & Support" intro={`We reply within ${POLICY.replyWithinHours} hours.`}>
      {/* A successful send redirects (a new location), so the form remounts empty: the spec's
          "the form then resets". A refused one stays at the same location, keeping the input. */}
      <Form key={location.key} method="post" className="form card" {...form.props} style={{ marginTop: "1rem" }}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Name" field={fields.name} autoComplete="name" maxLength={CONTACT_MAX.name} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_MAX.email} />
        <SelectField
          label="Subject"
          field={fields.subject}
          placeholder="Choose a subject"
          options={CONTACT_SUBJECTS.map((value) => ({ value, label: SUBJECT_LABELS[value] }))}
        />
        <TextareaField label="Message" field={fields.message} rows={6} maxLength={CONTACT_MAX.message} />
        <CheckboxField field={fields.privacy}>
          I agree to the <Link to="/privacy">Privacy Policy</Link>.
        </CheckboxField>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Sending..." : "Send Message"}
        </button>
      </Form>

      <h2>Other ways to reach us</h2>
      <p>
        E-mail <a href={`mailto:${support.email}`}>{support.email}</a>
        {support.phone ? <> or call <a href={`tel:${support.phone.replace(/\s/g, "")}`}>{support.phone}</a></> : null}. Report a
        problem with an order within {POLICY.reportProblemHours} hours of delivery.
      </p>

      <h2>Frequently asked questions</h2>
      <FaqList />
      <p>
        <Link to="/faq">See all FAQs</Link>
      </p>
    </ContentPage>
  );
}
