// The built-in stand-in for DigiLocker's sign-in page (issue 67, point 2; docs/decisions/privacy-parent-verified.md),
// as the test gateway's page stands in for Razorpay's: it exists only while DigiLocker's keys are not set, takes the
// same authorisation request, and sends the browser back to our callback with a code (or OAuth's access_denied).
// Nobody's identity is checked here: the page says so. Plain forms; the rules are in models/accounts/parents/digilocker.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { digiLocker, standInAccepts, standInAnswer } from "~/models/accounts/parents/digilocker.server";
import { StandInRequestSchema, StandInSignInSchema } from "~/models/accounts/schemas";
import { parseForm } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";

export const meta = translatedPageMeta("consent.standIn.metaTitle", "consent.standIn.intro");
export const headers = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (digiLocker()?.kind !== "stand-in") notFound();
  const { messages } = i18nFor(request, context, "consent");
  const parsed = StandInRequestSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const valid = parsed.success && standInAccepts(parsed.data);
  return data({ messages, request: valid ? parsed.data : null }, { status: valid ? 200 : 400, headers: headers() });
}

export async function action({ request }: ActionFunctionArgs) {
  if (digiLocker()?.kind !== "stand-in") notFound();
  const submission = await parseForm(request, StandInSignInSchema);
  if (submission.status !== "success" || !standInAccepts(submission.value)) throw new Response("This sign-in request is not valid.", { status: 400 });
  const { who, ...oauth } = submission.value;
  throw redirect(standInAnswer(oauth, who, new Date()));
}

export default function DigiLockerStandIn() {
  const { request } = useLoaderData<typeof loader>();
  const { t } = useT();
  if (!request) {
    return (
      <section className="container narrow section">
        <div className="card" role="alert">
          <h1>{t("consent.standIn.invalidTitle")}</h1>
          <p>{t("consent.standIn.invalid")}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="container narrow section">
      <h1>{t("consent.standIn.title")}</h1>
      <p>{t("consent.standIn.intro")}</p>
      <Form method="post" className="form card">
        {Object.entries(request).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="actions">
          <button type="submit" name="who" value="adult" className="btn btn-primary">
            {t("consent.standIn.adult")}
          </button>
          <button type="submit" name="who" value="minor" className="btn btn-light">
            {t("consent.standIn.minor")}
          </button>
          <button type="submit" name="who" value="cancel" className="btn btn-light">
            {t("consent.standIn.cancel")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = ErrorPage;
