// A question's challenge on the results' Detailed Breakdown (app/routes/contest.$id.results.tsx):
// the form while the window is open (a plain post: it works without JavaScript), or
// what became of the student's challenge.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { CHALLENGE_REASON_MAX, CHALLENGE_SOURCE_MAX } from "~/models/contests/challenges/challenges";
import type { ChallengeSchema } from "~/models/contests/challenges/challenge-schema";
import { Html } from "~/components/contests/results/exam-results";
import { HTML_LANG, richText, useT, type Locale, type MessageId } from "~/utils/i18n";
import { formatINR } from "~/utils/money";
import { useSchemaForm } from "~/utils/use-schema-form";

// Words from the "results" namespace: the results page loads it.
const STATUS = {
  unpaid: "results.challenge.status.unpaid",
  pending: "results.challenge.status.pending",
  upheld: "results.challenge.status.upheld",
  rejected: "results.challenge.status.rejected",
} as const satisfies Record<string, MessageId>;

/** An option as the breakdown names it: its letter and id as seen (the response sheet's), then its text. */
type ShownOption = { n: number; letter: string; id: string; html: string };

function OptionName({ option, lang }: { option: ShownOption; lang: Locale }) {
  return (
    <>
      <span translate="no">
        {option.letter} · {option.id}
      </span>{" "}
      <span lang={HTML_LANG[lang]}>
        <Html html={option.html} />
      </span>
    </>
  );
}

/** `claimed`: the options the student said are right, as the breakdown names them. */
export function ChallengeStatus({
  status,
  response,
  fee,
  payAt,
  open,
  claimed,
  lang,
}: {
  status: keyof typeof STATUS;
  response: string | null;
  fee: number;
  payAt: string;
  open: boolean;
  claimed: ShownOption[];
  lang: Locale;
}) {
  const { t } = useT();
  return (
    <>
      <p className="muted">
        {richText(t("results.challenge.yours", { status: t(STATUS[status]) }), [(text) => <strong>{text}</strong>])}
        {response ? (
          <>
            . <span translate="no">{response}</span>
          </>
        ) : null}
        {status === "unpaid" && open ? (
          <>
            . <Link to={payAt}>{t("results.challenge.payToSend", { amount: formatINR(fee) })}</Link>
          </>
        ) : null}
        {status === "unpaid" && !open ? `. ${t("results.challenge.windowClosed")}` : null}
      </p>
      {claimed.length > 0 ? (
        <div className="muted">
          <p>{t("results.challenge.yourClaimed")}</p>
          <ul>
            {claimed.map((o) => (
              <li key={o.n}>
                <OptionName option={o} lang={lang} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

export function ChallengeForm({
  action,
  questionId,
  number,
  options,
  lang,
  fee,
  lastResult,
}: {
  action: string;
  questionId: string;
  number: number;
  /** In the order the student saw them, each named by its letter and its id (the response sheet's), then its text. */
  options: ShownOption[];
  /** The language the options' text is in (the question's). */
  lang: Locale;
  fee: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  // Every question's form posts to the same address: this one is pending when its own question is.
  const { t } = useT();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("questionId") === questionId;
  const [form, fields] = useSchemaForm<typeof ChallengeSchema>(lastResult, { id: `challenge-${questionId}` });
  // The student's ticks come back with a refused post, as their words do.
  const sent = lastResult?.initialValue?.claimed;
  const claimedBefore = Array.isArray(sent) ? sent.map(String) : typeof sent === "string" ? [sent] : [];
  return (
    // Open again when the post came back with a message, so the student sees it and their words.
    <details className="challenge" open={lastResult ? true : undefined}>
      <summary>{t("results.challenge.open")}</summary>
      <Form method="post" action={action} className="form" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="questionId" value={questionId} />
        <TextareaField label={t("results.challenge.why", { n: number })} field={fields.reason} rows={3} maxLength={CHALLENGE_REASON_MAX} />
        {options.length > 0 ? (
          <fieldset className="challenge-options">
            <legend>{t("results.challenge.claimed")}</legend>
            {options.map((o) => (
              <label key={o.n} className="check">
                <input type="checkbox" name={fields.claimed.name} value={o.n} defaultChecked={claimedBefore.includes(String(o.n))} /> <OptionName option={o} lang={lang} />
              </label>
            ))}
          </fieldset>
        ) : null}
        <TextField label={t("results.challenge.source")} field={fields.source} type="url" inputMode="url" maxLength={CHALLENGE_SOURCE_MAX} />
        {fee > 0 ? <p className="muted">{t("results.challenge.fee", { amount: formatINR(fee) })}</p> : null}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t("results.challenge.sending") : fee > 0 ? t("results.challenge.submitPay", { amount: formatINR(fee) }) : t("results.challenge.submit")}
        </button>
      </Form>
    </details>
  );
}
