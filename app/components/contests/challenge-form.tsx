// A question's challenge on the results' Detailed Breakdown (app/routes/contest.$id.results.tsx):
// the form while the window is open (a plain post: it works without JavaScript), or
// what became of the student's challenge.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { CHALLENGE_REASON_MAX, CHALLENGE_SOURCE_MAX } from "~/models/contests/challenges";
import type { ChallengeSchema } from "~/models/contests/challenge-schema";
import { formatINR } from "~/utils/money";
import { useSchemaForm } from "~/utils/use-schema-form";

const STATUS = { unpaid: "Not sent: its fee is not paid", pending: "Waiting for review", upheld: "Upheld", rejected: "Not upheld" } as const;

export function ChallengeStatus({ status, response, fee, payAt, open }: { status: keyof typeof STATUS; response: string | null; fee: number; payAt: string; open: boolean }) {
  return (
    <p className="muted">
      You challenged this answer: <strong>{STATUS[status]}</strong>
      {response ? `. ${response}` : null}
      {status === "unpaid" && open ? (
        <>
          . <Link to={payAt}>Pay {formatINR(fee)} to send it</Link>
        </>
      ) : null}
      {status === "unpaid" && !open ? ". The window closed before the fee was paid." : null}
    </p>
  );
}

export function ChallengeForm({
  action,
  questionId,
  number,
  fee,
  lastResult,
}: {
  action: string;
  questionId: string;
  number: number;
  fee: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  // Every question's form posts to the same address: this one is pending when its own question is.
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("questionId") === questionId;
  const [form, fields] = useSchemaForm<typeof ChallengeSchema>(lastResult, { id: `challenge-${questionId}` });
  return (
    // Open again when the post came back with a message, so the student sees it and their words.
    <details className="challenge" open={lastResult ? true : undefined}>
      <summary>Challenge this answer</summary>
      <Form method="post" action={action} className="form" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="questionId" value={questionId} />
        <TextareaField label={`Why is the key for question ${number} wrong?`} field={fields.reason} rows={3} maxLength={CHALLENGE_REASON_MAX} />
        <TextField label="A link to a source (optional)" field={fields.source} type="url" inputMode="url" maxLength={CHALLENGE_SOURCE_MAX} />
        {fee > 0 ? <p className="muted">Challenge fee {formatINR(fee)}, refunded if your challenge is upheld. You pay it on the next page.</p> : null}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Sending..." : fee > 0 ? `Submit Challenge and Pay ${formatINR(fee)}` : "Submit Challenge"}
        </button>
      </Form>
    </details>
  );
}
