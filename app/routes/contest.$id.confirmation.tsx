import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { relativeStart } from "~/models/contests/catalogue/countdown";
import { enrolmentConfirmation } from "~/models/contests/catalogue/enrolment.server";
import { formatDateTime } from "~/utils/dates";
import { requireUuidParam } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { metaTranslator } from "~/utils/meta";
import { useServerClock } from "~/utils/use-hydrated";

const NOT_ENROLLED = "You are not enrolled in this contest";

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  const t = metaTranslator(matches);
  const title = data
    ? t(data.paid ? "contest.done.paidTitle" : "contest.done.enrolledTitle")
    : isRouteErrorResponse(error) && error.data === NOT_ENROLLED
      ? t("common.notEnrolled")
      : t("common.notFound.contest");
  return [{ title: t("common.pageTitle", { title }) }, { name: "description", content: data ? t("contest.done.description") : t("common.notFound.contestText") }];
};

// Only the enrolled student has a confirmation; for anyone else, and for an unknown
// contest, this page is a 404 that says which.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = requireUuidParam(params);
  const found = await enrolmentConfirmation(db, { userId: user.id, contestId: id });
  if (found === "missing") throw new Response("Contest Not Found", { status: 404 });
  if (found === "not-enrolled") throw new Response(NOT_ENROLLED, { status: 404 });
  return { ...found, serverNow: new Date().toISOString(), messages: i18nFor(request, context, "contest").messages };
}

export default function Confirmation() {
  const { contest, paid, serverNow } = useLoaderData<typeof loader>();
  const now = useServerClock(serverNow);
  const ended = new Date(contest.end_time) <= now;
  const { t, tm, locale } = useT();
  return (
    <section className="container narrow section">
      <div className="card celebrate" role="status">
        <p className="celebrate-icon" aria-hidden="true">✓</p>
        <h1>{paid ? t("contest.done.paid") : t("contest.done.enrolled")}</h1>
        <p>
          {t("contest.done.in")} <strong translate="no">{contest.title}</strong>.
        </p>
        {ended ? (
          <p>{t("contest.done.endedOn", { when: formatDateTime(contest.end_time, locale) })}</p>
        ) : (
          <p>
            {t("contest.done.testStarts", {
              relative: tm(relativeStart(new Date(contest.start_time), now)),
              when: formatDateTime(contest.start_time, locale),
              minutes: contest.duration_minutes,
            })}
          </p>
        )}
      </div>
      <div className="card" style={{ marginTop: "1rem" }}>
        <h2>{t("contest.done.next")}</h2>
        {ended ? (
          <p>{t("contest.done.results")}</p>
        ) : (
          <ul>
            <li>{t("contest.done.timed", { minutes: contest.duration_minutes })}</li>
            <li>{t("contest.done.finish")}</li>
            <li>{t("contest.done.auto")}</li>
            <li>{t("contest.done.open")}</li>
          </ul>
        )}
        <div className="actions">
          <Link to="/dashboard" className="btn btn-primary">{t("contest.done.dashboard")}</Link>
          {ended ? null : <Link to={`/contest/${contest.id}/entry`} className="btn btn-ghost">{t("contest.done.camera")}</Link>}
          <Link to={`/contest/${contest.id}`} className="btn btn-ghost">{t("contest.done.details")}</Link>
          <Link to="/contact" className="btn btn-ghost">{t("contest.done.help")}</Link>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  const notEnrolled = error.data === NOT_ENROLLED;
  const { id } = useParams();
  const { t } = useT();
  // The route's own data is missing on a 404: these words are the common namespace's.
  return (
    <section className="container narrow section error-page">
      <h1>{notEnrolled ? t("common.notEnrolled") : t("common.notFound.contest")}</h1>
      <div className="actions">
        {notEnrolled ? <Link to={`/contest/${id}`} className="btn btn-primary">{t("common.seeContest")}</Link> : null}
        <Link to="/contests" className="btn btn-ghost">{t("common.error.contests")}</Link>
      </div>
    </section>
  );
}
