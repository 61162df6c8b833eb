import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { FormErrors, TextField } from "~/components/ui/field";
import { LoginSchema } from "~/models/accounts/schemas";
import { MESSAGES, tooManyAttemptsFor, waitingMessage } from "~/models/accounts/messages";
import { useT, msgText } from "~/utils/i18n";
import { i18nFor, localeOf, translateReply, translator } from "~/utils/i18n.server";
import { db } from "~/db/client.server";
import { kickOutbox } from "~/services/email.server";
import { rememberLocale } from "~/models/accounts/account.server";
import { resumeBlogAction } from "~/models/blog/posts.server";
import { resumeStoreAction } from "~/models/store/cart/cart.server";
import { authenticator, clientIp, createUserSession, readLoginDevice, rememberLoginDevice, requireAnonymous } from "~/models/accounts/auth.server";
import { readForm, schemaFields } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/urls";
import { useIsPending } from "~/utils/use-is-pending";
import { translatedPageMeta } from "~/utils/meta";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";
import { nowOf } from "~/utils/clock";

export const meta = translatedPageMeta("auth.login.metaTitle", "auth.login.metaDescription");

/** Where to go after login: the guards' `redirectTo`, or the blog's `redirect` (docs/product/marketplace.md §2). */
function nextPath(params: URLSearchParams) {
  return safeRedirect(params.get("redirectTo") ?? params.get("redirect"), "/dashboard");
}

// A document's headers come from here, not from the action's own answer: a refused
// login's Retry-After must reach the browser (and a proxy) on the page too.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context, nextPath(new URL(request.url).searchParams));
  return { messages: i18nFor(request, context, "auth").messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, schemaFields(LoginSchema));
  const submission = parseWithZod(form, { schema: LoginSchema });
  const locale = localeOf(request, context);
  if (submission.status !== "success") {
    return data(translateReply(submission.reply({ hideFields: ["password"] }), translator(locale)), { status: 400 });
  }
  // remix-auth reads the body itself: hand it the fields we kept.
  const cleaned = new Request(request.url, { method: "POST", body: form, headers: { Cookie: request.headers.get("Cookie") ?? "" } });
  const device = await readLoginDevice(request);
  const now = nowOf(context);
  const result = await authenticator({ ip: clientIp(context), device, now }).authenticate("form", cleaned);
  if (!result.ok) {
    if (result.reason === "limited") {
      return data(translateReply(submission.reply({ formErrors: [msgText(tooManyAttemptsFor(result.retryAfterS))], hideFields: ["password"] }), translator(locale)), {
        status: 429,
        headers: { "Retry-After": String(result.retryAfterS) },
      });
    }
    // Waiting for the address's proof or a parent: the reminder goes now.
    const waiting = result.reason === "awaiting-parent" || result.reason === "awaiting-proof";
    if (waiting) kickOutbox();
    const message = waiting ? waitingMessage(result) : MESSAGES.invalidCredentials;
    return data(translateReply(submission.reply({ formErrors: [msgText(message)], hideFields: ["password"] }), translator(locale)), { status: waiting ? 403 : 400 });
  }
  await rememberLocale(db, result.userId, locale);
  const resume = { userId: result.userId, path: safeRedirect(submission.value.redirectTo, "/dashboard"), action: submission.value.pendingAction };
  // What a guest was doing, resumed by the domain whose page it was; each acts only on its own pages' paths and actions.
  await resumeStoreAction(db, { ...resume, quantity: submission.value.quantity });
  const next = await resumeBlogAction(db, { ...resume, draft: submission.value.draft, now });
  return createUserSession(request, result.userId, next, [
    await rememberLoginDevice(result.device),
  ]);
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const redirectTo = nextPath(searchParams);
  const pendingAction = searchParams.get("action");
  const draft = searchParams.get("draft");
  const quantity = searchParams.get("quantity");
  const [form, fields] = useSchemaForm<typeof LoginSchema>(lastResult);
  const signupHref = redirectTo === "/dashboard" ? "/signup" : `/signup?${new URLSearchParams({ redirectTo })}`;
  const { t } = useT();
  return (
    <section className="container narrow auth-page">
      <h1>{t("auth.login.title")}</h1>
      <p className="muted">{t("auth.login.intro")}</p>
      <Form method="post" className="form card" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {pendingAction ? <input type="hidden" name="pendingAction" value={pendingAction} /> : null}
        {draft ? <input type="hidden" name="draft" value={draft} /> : null}
        {quantity ? <input type="hidden" name="quantity" value={quantity} /> : null}
        <TextField label={t("auth.email")} field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PasswordField label={t("auth.password")} field={fields.password} autoComplete="current-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t("auth.login.pending") : t("auth.login.submit")}
        </button>
        <div className="form-links">
          <Link to="/forgot-password">{t("auth.login.forgot")}</Link>
          <span>
            {t("auth.login.newHere")} <Link to={signupHref}>{t("auth.login.create")}</Link>
          </span>
        </div>
      </Form>
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
