import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { PasswordField } from "~/components/password-input";
import { FormErrors, TextField } from "~/components/ui/field";
import { LoginSchema, MESSAGES } from "~/utils/account-schemas";
import { authenticator, clientIp, createUserSession, requireAnonymous } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/misc";

export const meta: MetaFunction = () => [{ title: "Log in — StudyArena" }];

/** Where to go after login: the guards' `redirectTo`, or the blog's `redirect` (marketplace.md §2). */
function nextPath(params: URLSearchParams) {
  return safeRedirect(params.get("redirectTo") ?? params.get("redirect"), "/dashboard");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request, nextPath(new URL(request.url).searchParams));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the body itself, so validate a clone.
  const submission = parseWithZod(await request.clone().formData(), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await authenticator({ ip: clientIp(context) }).authenticate("form", request);
  if (!result.ok) {
    const limited = result.reason === "limited";
    return data(
      submission.reply({ formErrors: [limited ? MESSAGES.tooManyAttempts : MESSAGES.invalidCredentials], hideFields: ["password"] }),
      { status: limited ? 429 : 400 },
    );
  }
  return createUserSession(result.userId, safeRedirect(submission.value.redirectTo, "/dashboard"));
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = nextPath(searchParams);
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const signupHref = redirectTo === "/dashboard" ? "/signup" : `/signup?${new URLSearchParams({ redirectTo })}`;
  return (
    <section className="container narrow auth-page">
      <h1>Welcome back</h1>
      <p className="muted">Log in to join contests, track your results and use the marketplace.</p>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Logging in..." : "Log In"}
        </button>
        <div className="form-links">
          <Link to="/forgot-password">Forgot password?</Link>
          <span>
            New here? <Link to={signupHref}>Create an account</Link>
          </span>
        </div>
      </Form>
    </section>
  );
}
