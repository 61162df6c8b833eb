import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { PasswordField, PasswordRequirements } from "~/components/accounts/password-input";
import { NoScriptRedirect } from "~/components/no-script-redirect";
import { FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { isResetTokenUsable, resetPassword } from "~/models/accounts/account.server";
import { ResetPasswordSchema } from "~/models/accounts/schemas";
import { MESSAGES } from "~/models/accounts/messages";
import { clientIp } from "~/models/accounts/auth.server";
import { parseForm } from "~/utils/forms.server";
import { useIsPending } from "~/utils/use-is-pending";
import { pageMeta } from "~/utils/meta";
import { i18nFor } from "~/utils/i18n.server";
import { useSchemaForm } from "~/utils/use-schema-form";

// docs/product/contests.md §9: after a reset, the user is sent to /login after 2 seconds.
const REDIRECT_SECONDS = 2;

export const meta: MetaFunction = () => pageMeta("Choose a new password", "Choose a new password for your StudyArena account.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // The password fields' words (the rest of the page is not in Hindi yet).
  const { messages } = i18nFor(request, context, "auth");
  if (params.get("done") === "1") return { state: "done" as const, token: "", messages };
  const token = params.get("token") ?? "";
  const usable = await isResetTokenUsable(db, token, new Date());
  return usable ? { state: "form" as const, token, messages } : { state: "invalid" as const, token: "", messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const outcome = await resetPassword(db, {
    token: submission.value.token,
    password: submission.value.password,
    ip: clientIp(context),
    now: new Date(),
  });
  if (outcome !== "ok") {
    const limited = outcome === "limited";
    return data(
      submission.reply({ formErrors: [limited ? MESSAGES.tooManyAttempts : MESSAGES.resetInvalid], hideFields: ["password", "confirmPassword"] }),
      { status: limited ? 429 : 400 },
    );
  }
  throw redirect("/reset-password?done=1");
}

export default function ResetPasswordPage() {
  const { state, token } = useLoaderData<typeof loader>();
  return (
    <section className="container narrow auth-page">
      <h1>Choose a new password</h1>
      {state === "done" ? <Done /> : state === "invalid" ? <Invalid /> : <ResetForm token={token} />}
    </section>
  );
}

function Done() {
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate("/login"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [navigate]);
  return (
    <>
      <NoScriptRedirect to="/login" seconds={REDIRECT_SECONDS} />
      <p className="alert alert-success" role="status">
        {MESSAGES.passwordUpdated}
      </p>
    </>
  );
}

function Invalid() {
  return (
    <div className="card">
      <p className="alert alert-error" role="alert">
        {MESSAGES.resetInvalid}
      </p>
      <div className="actions">
        <Link to="/forgot-password" className="btn btn-primary">
          Request a new link
        </Link>
      </div>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof ResetPasswordSchema>(lastResult);
  return (
    <Form method="post" className="form card" {...form.props}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="token" value={token} />
      <PasswordField label="New Password" field={fields.password} autoComplete="new-password" meter />
      <PasswordField label="Confirm Password" field={fields.confirmPassword} autoComplete="new-password" />
      <PasswordRequirements />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? "Updating..." : "Update Password"}
      </button>
    </Form>
  );
}
