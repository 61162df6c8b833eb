import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { PasswordField } from "~/components/accounts/password-input";
import { FormErrors, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { signInOrSignUp } from "~/models/accounts/account.server";
import { getContest } from "~/models/contests/catalogue.server";
import { enrolState } from "~/models/contests/enrolment";
import { ContestJoinSchema } from "~/models/accounts/schemas";
import { MESSAGES } from "~/models/accounts/messages";
import { clientIp, createUserSession, getUserId, readLoginDevice, rememberLoginDevice } from "~/models/accounts/auth.server";
import { CONTEST_REQUIREMENTS, CONTEST_RULES } from "~/models/contests/rules";
import { formatDateTime } from "~/utils/dates";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { i18nFor } from "~/utils/i18n.server";
import { formatINR } from "~/utils/money";
import { countOf } from "~/utils/text";
import { prizeLines } from "~/models/contests/prizes";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.contest.title} — StudyArena` : "Contest Not Found — StudyArena" },
  {
    name: "description",
    content: data
      ? data.contest.description.trim() || `${data.contest.title}: a timed ${data.contest.subject} contest with cash prizes on StudyArena.`
      : "This contest does not exist or has been removed.",
  },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const userId = await getUserId(request, context);
  const contest = await getContest(db, { id, userId });
  invariantResponse(contest);
  return {
    contest,
    state: enrolState(contest, new Date()),
    prizes: prizeLines(contest.prize_pool, formatINR),
    signedIn: Boolean(userId),
    // The guest form's password field's words (the rest of the page is not in Hindi yet).
    messages: i18nFor(request, context, "auth").messages,
  };
}

const NAME_FOR_NEW_ACCOUNT = "To create your account, please enter your full name: it is the name shown on leaderboards.";
const WEAK_FOR_NEW_ACCOUNT = "To create your account, choose a stronger password (8+ characters with an uppercase letter, a number and a symbol).";

/** A guest's e-mail and password: signs in, or creates the account, then goes on to pay. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireUuidParam(params);
  const submission = await parseForm(request, ContestJoinSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await signInOrSignUp(db, { ...submission.value, ip: clientIp(context), device: await readLoginDevice(request), now: new Date() });
  if (!result.ok) {
    const message = { invalid: MESSAGES.invalidCredentials, limited: MESSAGES.tooManyAttempts, weak: WEAK_FOR_NEW_ACCOUNT, name: NAME_FOR_NEW_ACCOUNT }[result.reason];
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: result.reason === "limited" ? 429 : 400 });
  }
  return createUserSession(request, result.userId, `/contest/${id}/pay`, result.device ? [await rememberLoginDevice(result.device)] : []);
}

export default function ContestDetail() {
  const { contest, state, prizes, signedIn } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <span className="tag">{contest.subject}</span>
          <h1>{contest.title}</h1>
          <p className="muted" style={{ marginBottom: 0 }}>{contest.description}</p>
        </div>
      </div>
      {/* Phones: facts, then the enrol box, prizes, rules. Desktops: the main column beside a sidebar. */}
      <section className="container section contest-layout">
        <div className="card contest-facts">
          <h2>Timeline</h2>
          <dl className="facts-list">
            <div><dt>Starts</dt><dd>{formatDateTime(contest.start_time)} IST</dd></div>
            <div><dt>Ends</dt><dd>{formatDateTime(contest.end_time)} IST</dd></div>
            <div><dt>Duration</dt><dd>{countOf(contest.duration_minutes, "minute")}</dd></div>
            <div><dt>Questions</dt><dd>{contest.question_count}</dd></div>
          </dl>
        </div>
        <aside className="contest-side" aria-label="Enrolment">
          <div className="card">
            <p className="fee">
              <span className="muted">Entry fee</span>
              <strong>{contest.entry_fee === 0 ? "Free" : formatINR(contest.entry_fee)}</strong>
            </p>
            <EnrolBox id={contest.id} state={state} signedIn={signedIn} free={contest.entry_fee === 0} />
          </div>
          <div className="card">
            <h2>Prize structure</h2>
            {prizes.length === 0 ? (
              <p className="muted">Prize details not available</p>
            ) : (
              <ul className="prize-list">
                {prizes.map((p) => (
                  <li key={p.name}><span>{p.name}</span> <strong>{p.value}</strong></li>
                ))}
              </ul>
            )}
          </div>
        </aside>
        <div className="card contest-rules">
          <h2>Contest rules</h2>
          <ul>{CONTEST_RULES.map((r) => <li key={r}>{r}</li>)}</ul>
          <h2>Requirements</h2>
          <ul>{CONTEST_REQUIREMENTS.map((r) => <li key={r}>{r}</li>)}</ul>
        </div>
      </section>
    </>
  );
}

function EnrolBox({ id, state, signedIn, free }: { id: string; state: ReturnType<typeof enrolState>; signedIn: boolean; free: boolean }) {
  if (state === "open" && signedIn) {
    return (
      <Link to={`/contest/${id}/pay`} className="btn btn-primary btn-block">Pay &amp; Enroll Now</Link>
    );
  }
  if (state === "open") return <GuestJoin id={id} free={free} />;
  const copy = {
    enrolled: { label: "Already Enrolled", hint: <>You are in. Find this contest on your <Link to="/dashboard">dashboard</Link>.</> },
    closed: { label: "Enrolment Closed", hint: <>This contest has started: there are no late entries.</> },
    ended: { label: "Contest Ended", hint: <>This contest is over. <Link to="/contests">Browse other contests</Link>.</> },
    inactive: { label: "Coming Soon", hint: <>Enrolment has not opened yet.</> },
  }[state];
  return (
    <>
      <button type="button" className="btn btn-ghost btn-block" disabled>{copy.label}</button>
      <p className="muted" style={{ marginBottom: 0 }}>{copy.hint}</p>
    </>
  );
}

/**
 * A guest presses 'Pay & Enroll Now' and gets the sign-up form (a native disclosure,
 * so without JavaScript too); it stays open when the server sends it back with a message.
 * The form posts to the contest's own address: an index route's default action adds
 * `?index`, which a browser without JavaScript would keep in its address bar.
 */
function GuestJoin({ id, free }: { id: string; free: boolean }) {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof ContestJoinSchema>(lastResult);
  return (
    <details className="join" open={Boolean(lastResult)}>
      <summary className="btn btn-primary btn-block">Pay &amp; Enroll Now</summary>
      <Form method="post" action={`/contest/${id}`} className="form" {...form.props}>
        <p className="muted">Sign in or create your account with your e-mail and a password; then you {free ? "enroll, free of charge" : "pay"}.</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Full name (for a new account)" field={fields.fullName} autoComplete="name" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Please wait..." : free ? "Continue to Enrolment" : "Continue to Payment"}
        </button>
        <p className="muted">
          Have an account? The same e-mail and password sign you in. <Link to="/forgot-password">Forgot password?</Link>
        </p>
      </Form>
    </details>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Contest Not Found",
  message: "This contest does not exist or has been removed.",
  action: { label: "Back to Home", to: "/" },
});
