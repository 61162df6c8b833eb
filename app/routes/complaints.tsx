// Following a complaint by its ticket number (issue 67, point 4): a GET form, so it works
// without JavaScript and without signing in, like /certificates. The answer says only where
// the complaint stands and by when it is due, never who made it or what it says; a
// malformed or unknown number is said in the form with what was typed kept, and an address
// that missed too often is told to wait (app/models/support/complaints.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CodeLookupForm } from "~/components/ui/code-lookup";
import { db } from "~/db/client.server";
import { clientIp } from "~/models/accounts/auth.server";
import { ACK_HOURS, COMPLAINT_KIND_LABELS, COMPLAINT_STATE_LABELS, complaintClock, complaintState, TICKET_TYPED_MAX } from "~/models/support/complaints";
import { complaintLimitedMessage, lookUpComplaint } from "~/models/support/complaints.server";
import { nowOf } from "~/utils/clock";
import { formatDateTime } from "~/utils/dates";
import { richText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, messagesUnder } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";

export const meta = translatedPageMeta("pages.complaints.metaTitle", "pages.complaints.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale } = i18nFor(request, context);
  // What was typed, bounded: a number is 13 characters, and what comes back is only shown in the field.
  const typed = (new URL(request.url).searchParams.get("ticket") ?? "").slice(0, TICKET_TYPED_MAX);
  const now = nowOf(context);
  const reply = (found: { complaint: Found; late: boolean } | null, error: Msg | null, status = 200) =>
    data({ typed, found, error, messages: messagesUnder(locale, "pages.complaints.") }, { status, headers: { "Cache-Control": "private, no-store" } });
  if (!typed.trim()) return reply(null, null);
  const looked = await lookUpComplaint(db, { typed, ip: clientIp(context), now });
  if (looked.kind === "found") return reply({ complaint: looked.complaint, late: complaintClock(looked.complaint, now).overdue }, null);
  if (looked.kind === "limited") return reply(null, complaintLimitedMessage(looked.retryAfterS), 429);
  return reply(null, { id: looked.kind === "malformed" ? "pages.complaints.malformed" : "pages.complaints.unknown" });
}

type Found = Extract<Awaited<ReturnType<typeof lookUpComplaint>>, { kind: "found" }>["complaint"];

export default function FollowComplaint() {
  const { typed, found, error } = useLoaderData<typeof loader>();
  const { t, tm, locale } = useT();
  return (
    <section className="container section narrow">
      <h1>{t("pages.complaints.title")}</h1>
      <p className="muted">{t("pages.complaints.intro")}</p>
      <CodeLookupForm name="ticket" label={t("pages.complaints.ticketLabel")} submit={t("pages.complaints.check")} typed={typed} error={error ? tm(error) : null} maxLength={TICKET_TYPED_MAX} />
      {found ? (
        <section className="card" aria-labelledby="complaint-status" style={{ marginTop: "1.5rem" }}>
          <h2 id="complaint-status" translate="no">
            {t("pages.complaints.resultTitle", { ticket: found.complaint.ticket })}
          </h2>
          <dl className="facts-list">
            <div>
              <dt>{t("pages.complaints.about")}</dt>
              <dd>{t(COMPLAINT_KIND_LABELS[found.complaint.kind])}</dd>
            </div>
            <div>
              <dt>{t("pages.complaints.received")}</dt>
              <dd>{formatDateTime(found.complaint.received_at, locale)}</dd>
            </div>
            <div>
              <dt>{t("pages.complaints.status")}</dt>
              <dd role="status">{t(COMPLAINT_STATE_LABELS[complaintState(found.complaint)])}</dd>
            </div>
            <div>
              <dt>{t(found.complaint.resolved_at ? "pages.complaints.resolvedOn" : "pages.complaints.dueBy")}</dt>
              <dd>{formatDateTime(found.complaint.resolved_at ?? found.complaint.due_at, locale)}</dd>
            </div>
          </dl>
          {!found.complaint.resolved_at && !found.complaint.answered_at ? <p className="muted">{t("pages.complaints.answerWithin", { hours: ACK_HOURS })}</p> : null}
          {found.late ? <p className="alert alert-error">{t("pages.complaints.late", { due: formatDateTime(found.complaint.due_at, locale) })}</p> : null}
        </section>
      ) : null}
      <p style={{ marginTop: "1.5rem" }}>{richText(t("pages.complaints.howTo"), [(text) => <Link to="/contact">{text}</Link>])}</p>
    </section>
  );
}
