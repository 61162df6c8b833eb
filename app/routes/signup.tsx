import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { PasswordField, PasswordRequirements } from "~/components/accounts/password-input";
import { NoScriptRedirect } from "~/components/no-script-redirect";
import { FormErrors, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { signup } from "~/models/accounts/account.server";
import { SignupSchema } from "~/models/accounts/schemas";
import { ACCOUNT_MAX, MESSAGES } from "~/models/accounts/messages";
import { clientIp, createUserSession, getUser } from "~/models/accounts/auth.server";
import { parseForm } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/urls";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

// docs/product/contests.md §9: after signing up, the user is sent to / after 10 seconds.
const REDIRECT_SECONDS = 10;

export const meta: MetaFunction = () => [
  { title: "Create your account — StudyArena" },
  { name: "description", content: "Create a free StudyArena account to join skill contests and trade used study materials." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getUser(request, context);
  if (url.searchParams.get("created") === "1" && user) {
    return { created: true as const, name: user.full_name ?? "" };
  }
  if (user) throw redirect("/dashboard");
  return { created: false as const, name: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, SignupSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, fullName, redirectTo } = submission.value;
  const result = await signup(db, { email, password, fullName, ip: clientIp(context), now: new Date() });
  if (!result.ok) {
    return data(
      result.reason === "taken"
        ? submission.reply({ fieldErrors: { email: [MESSAGES.emailTaken] }, hideFields: ["password"] })
        : submission.reply({ formErrors: [MESSAGES.tooManyAttempts], hideFields: ["password"] }),
      { status: result.reason === "taken" ? 400 : 429 },
    );
  }
  // A journey that asked for an account (e.g. a contest's pay page) continues there.
  return createUserSession(request, result.userId, safeRedirect(redirectTo, "/signup?created=1"));
}

export default function SignupPage() {
  const { created, name } = useLoaderData<typeof loader>();
  return created ? <AccountCreated name={name} /> : <SignupForm />;
}

function AccountCreated({ name }: { name: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate("/"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [navigate]);
  return (
    <section className="container narrow auth-page">
      <NoScriptRedirect to="/" seconds={REDIRECT_SECONDS} />
      <div className="card" role="status">
        <h1>Account Created!</h1>
        <p>Welcome to StudyArena{name ? `, ${name}` : ""}. You are signed in and ready to compete.</p>
        <p className="muted">Taking you to the home page in {REDIRECT_SECONDS} seconds…</p>
        <div className="actions">
          <Link to="/contests" className="btn btn-primary">
            Explore Contests
          </Link>
        </div>
      </div>
    </section>
  );
}

function SignupForm() {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const [form, fields] = useSchemaForm<typeof SignupSchema>(lastResult);
  return (
    <section className="container narrow auth-page">
      <h1>Create your account</h1>
      <p className="muted">Join contests, win prizes and trade study materials.</p>
      <Form method="post" className="form card" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField label="Full Name" field={fields.fullName} autoComplete="name" maxLength={ACCOUNT_MAX.fullName} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PasswordField label="Password" field={fields.password} autoComplete="new-password" meter />
        <PasswordRequirements />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Creating account..." : "Sign Up"}
        </button>
        <p className="form-links">
          <span>
            Already have an account? <Link to="/login">Log in</Link>
          </span>
        </p>
      </Form>
    </section>
  );
}
