import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestNotFound } from "~/components/not-found";
import { PasswordField } from "~/components/accounts/password-input";
import { FormErrors, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { markingSchemesOf } from "~/models/contests/results/marking.server";
import { kickOutbox } from "~/services/email.server";
import { rememberLocale, signInOrSignUp } from "~/models/accounts/account.server";
import { getContest } from "~/models/contests/catalogue/catalogue.server";
import { enrolState } from "~/models/contests/catalogue/enrolment";
import { FUNDING_IDS, fundingLine } from "~/models/contests/catalogue/kinds";
import { FundingLine } from "~/components/contests/catalogue/funding";
import { PrizeList } from "~/components/contests/catalogue/prize-list";
import { contestOffer, minorsFilmed, parentalConsentRequired } from "~/utils/env.server";
import { BirthFields } from "~/components/accounts/birth-fields";
import { ContestJoinSchema } from "~/models/accounts/schemas";
import { MESSAGES, waitingMessage } from "~/models/accounts/messages";
import { clientIp, createUserSession, getUserId, readLoginDevice, rememberLoginDevice } from "~/models/accounts/auth.server";
import { CONTEST_REQUIREMENTS, contestRules } from "~/models/contests/catalogue/rules";
import { formatDateTime } from "~/utils/dates";
import { richText, useT, msgText, type Msg } from "~/utils/i18n";
import { currentVersions } from "~/models/accounts/agreements/policy-versions";
import { metaTranslator } from "~/utils/meta";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { i18nFor, messagesUnder, pickMessages, translateReply } from "~/utils/i18n.server";
import { formatINR } from "~/utils/money";
import { prizeLines } from "~/models/contests/catalogue/prizes";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: data ? t("common.pageTitle", { title: data.contest.title }) : t("common.pageTitle", { title: t("common.notFound.contest") }) },
    {
      name: "description",
      content: data ? data.contest.description.trim() || t("contest.meta.description", { title: data.contest.title, subject: data.contest.subject }) : t("common.notFound.contestText"),
    },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const userId = await getUserId(request, context);
  const contest = await getContest(db, { id, userId });
  invariantResponse(contest);
  const { locale, messages } = i18nFor(request, context, "contest", "auth");
  return {
    contest,
    // The marking, stated at every width before anyone pays (the description may not say it).
    marking: await markingSchemesOf(db, id),
    state: enrolState(contest, new Date(), contestOffer()),
    funding: fundingLine(contest, contestOffer()),
    rules: contestRules(contest, contestOffer()),
    // The sign-up line's versions, from the loader: the versions' module stays on the server.
    versions: currentVersions(),
    requirements: CONTEST_REQUIREMENTS.map((r) => (r === "contest.need.camera" && !minorsFilmed() ? "contest.need.cameraAdults" : r)),
    prizes: prizeLines(contest.prize_pool, formatINR),
    signedIn: Boolean(userId),
    askParent: parentalConsentRequired(),
    minorsFilmed: minorsFilmed(),
    // The guest form's password field is the auth namespace's; the funding line is the cards'.
    // The join form names the versions of the terms and privacy policy a new account agrees to (issue 67, point 7).
    messages: { ...messages, ...pickMessages(locale, [...FUNDING_IDS, "test.marking"]), ...messagesUnder(locale, "account.policies.") },
  };
}

/** A guest's e-mail and password: signs in, or creates the account, then goes on to pay. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireUuidParam(params);
  const { locale, t } = i18nFor(request, context);
  const submission = await parseForm(request, ContestJoinSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply({ hideFields: ["password"] }), t), { status: 400 });
  const result = await signInOrSignUp(db, { ...submission.value, ip: clientIp(context), device: await readLoginDevice(request), now: new Date(), locale });
  if (!result.ok) {
    if (result.reason === "parent-email") {
      return data(translateReply(submission.reply({ fieldErrors: { parentEmail: [msgText(MESSAGES.parentEmailRequired)] }, hideFields: ["password"] }), t), { status: 400 });
    }
    const waiting = result.reason === "awaiting-parent" || result.reason === "awaiting-proof";
    const message: Msg =
      result.reason === "awaiting-parent" || result.reason === "awaiting-proof"
        ? waitingMessage(result)
        : {
            invalid: MESSAGES.invalidCredentials,
            limited: MESSAGES.tooManyAttempts,
            weak: { id: "contest.join.weak" } as const,
            name: { id: "contest.join.needName" } as const,
            "birth-date": { id: "contest.join.needBirthDate" } as const,
          }[result.reason];
    if (waiting) kickOutbox();
    const status = result.reason === "limited" ? 429 : waiting ? 403 : 400;
    return data(translateReply(submission.reply({ formErrors: [msgText(message)], hideFields: ["password"] }), t), { status });
  }
  await rememberLocale(db, result.userId, locale);
  return createUserSession(request, result.userId, `/contest/${id}/pay`, result.device ? [await rememberLoginDevice(result.device)] : []);
}

export default function ContestDetail() {
  const { contest, state, prizes, signedIn, funding, marking, rules: listed, requirements, minorsFilmed } = useLoaderData<typeof loader>();
  // Under 18 no camera watches the test unless the operator is an institution (issue 67, point 1).
  const rules: Msg[] = minorsFilmed ? listed : [...listed, { id: "contest.rule.minors" }];
  const { t, tm, locale } = useT();
  return (
    <>
      {/* What the admin typed stays as typed in both languages. */}
      <div className="page-head" translate="no">
        <div className="container">
          <span className="tag">{contest.subject}</span>
          <h1>{contest.title}</h1>
          <p className="muted contest-description" style={{ marginBottom: 0 }}>
            {contest.description}
          </p>
        </div>
      </div>
      {/* Phones: facts, then the enrol box, prizes, rules. Desktops: the main column beside a sidebar. */}
      <section className="container section contest-layout">
        <div className="card contest-facts">
          <h2>{t("contest.timeline")}</h2>
          <dl className="facts-list">
            <div><dt>{t("contest.starts")}</dt><dd>{t("contest.when", { when: formatDateTime(contest.start_time, locale) })}</dd></div>
            <div><dt>{t("contest.ends")}</dt><dd>{t("contest.when", { when: formatDateTime(contest.end_time, locale) })}</dd></div>
            <div><dt>{t("contest.duration")}</dt><dd>{t("contest.minutes", { count: contest.duration_minutes })}</dd></div>
            <div><dt>{t("contest.questions")}</dt><dd>{contest.question_count}</dd></div>
            {marking.length > 0 ? <div><dt>{t("contest.marking")}</dt><dd>{marking.map((m) => tm(m)).join("; ")}</dd></div> : null}
          </dl>
        </div>
        <aside className="contest-side" aria-label={t("contest.enrolment")}>
          <div className="card">
            <p className="fee">
              <span className="muted">{t("contest.entryFee")}</span>
              <strong>{contest.entry_fee === 0 ? t("contest.free") : formatINR(contest.entry_fee)}</strong>
            </p>
            <FundingLine funding={funding} />
            <EnrolBox id={contest.id} state={state} signedIn={signedIn} free={contest.entry_fee === 0} />
          </div>
          <div className="card">
            <h2>{t("contest.prizes")}</h2>
            {prizes.length === 0 ? (
              <p className="muted">{t("contest.noPrizes")}</p>
            ) : (
              <PrizeList prizes={prizes} />
            )}
          </div>
        </aside>
        <div className="card contest-rules">
          <h2>{t("contest.rules")}</h2>
          <ul>{rules.map((r) => <li key={r.id}>{tm(r)}</li>)}</ul>
          <h2>{t("contest.requirements")}</h2>
          <ul>{requirements.map((r) => <li key={r}>{t(r)}</li>)}</ul>
          <p>
            <Link to={`/contest/${contest.id}/rules`}>{t("contest.sheet.link")}</Link>
          </p>
        </div>
      </section>
    </>
  );
}

function EnrolBox({ id, state, signedIn, free }: { id: string; state: ReturnType<typeof enrolState>; signedIn: boolean; free: boolean }) {
  const { t } = useT();
  if (state === "open" && signedIn) {
    return (
      <Link to={`/contest/${id}/pay`} className="btn btn-primary btn-block">{free ? t("contest.enrollFree") : t("contest.payEnroll")}</Link>
    );
  }
  if (state === "open") return <GuestJoin id={id} free={free} />;
  const copy = {
    enrolled: { label: t("contest.enrolled"), hint: richText(t("contest.enrolledHint"), [(text) => <Link to="/dashboard">{text}</Link>]) },
    closed: { label: t("contest.closed"), hint: t("contest.closedHint") },
    ended: { label: t("contest.ended"), hint: richText(t("contest.endedHint"), [(text) => <Link to="/contests">{text}</Link>]) },
    inactive: { label: t("contest.comingSoon"), hint: t("contest.comingSoonHint") },
    unavailable: { label: t("contest.unavailable"), hint: t("contest.unavailableHint") },
  }[state];
  return (
    <>
      <button type="button" className="btn btn-ghost btn-block" disabled>{copy.label}</button>
      <p className="muted" style={{ marginBottom: 0 }}>{copy.hint}</p>
    </>
  );
}

/**
 * A guest presses 'Pay & Enroll Now' ('Enroll for Free' when there is no fee) and gets the sign-up form (a native disclosure,
 * so without JavaScript too); it stays open when the server sends it back with a message.
 * The form posts to the contest's own address: an index route's default action adds
 * `?index`, which a browser without JavaScript would keep in its address bar.
 */
function GuestJoin({ id, free }: { id: string; free: boolean }) {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof ContestJoinSchema>(lastResult);
  const { askParent, versions } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <details className="join" open={Boolean(lastResult)}>
      <summary className="btn btn-primary btn-block">{free ? t("contest.enrollFree") : t("contest.payEnroll")}</summary>
      <Form method="post" action={`/contest/${id}`} className="form" {...form.props}>
        <p className="muted">{free ? t("contest.join.introFree") : t("contest.join.intro")}</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={t("contest.join.fullName")} field={fields.fullName} autoComplete="name" />
        <TextField label={t("auth.email")} field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PasswordField label={t("auth.password")} field={fields.password} autoComplete="current-password" />
        <BirthFields
          birthDate={fields.birthDate}
          parentEmail={fields.parentEmail}
          askParent={askParent}
          labels={{ birthDate: t("contest.join.birthDate"), parentEmail: t("contest.join.parentEmail") }}
        />
        <p className="muted">{richText(t("account.policies.signupLine", versions), [(text) => <Link to="/terms">{text}</Link>, (text) => <Link to="/privacy">{text}</Link>])}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t("contest.join.wait") : free ? t("contest.join.continueFree") : t("contest.join.continue")}
        </button>
        <p className="muted">
          {t("contest.join.haveAccount")} <Link to="/forgot-password">{t("contest.join.forgot")}</Link>
        </p>
      </Form>
    </details>
  );
}

export const ErrorBoundary = ContestNotFound;
