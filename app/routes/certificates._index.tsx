// Checking a certificate (issue 46, point 3): a code typed as printed (spaces, dashes and
// case do not matter) goes to its certificate; a malformed or unknown one is said in the
// form, with what was typed kept. A GET form, so it works without JavaScript and a check
// can be bookmarked.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { db } from "~/db/client.server";
import { certificateByCode } from "~/models/contests/results/certificates.server";
import { normalizeCertificateCode } from "~/models/contests/results/certificate-code";
import { useT, type MessageId } from "~/utils/i18n";
import { i18nFor, messagesUnder } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";

export const meta = translatedPageMeta("results.certificate.checkTitle", "results.certificate.checkIntro");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale } = i18nFor(request, context);
  // What was typed, bounded: a code is 12 digits, and what comes back is only shown in the field.
  const typed = (new URL(request.url).searchParams.get("code") ?? "").slice(0, 40);
  let error: MessageId | null = null;
  if (typed.trim()) {
    const code = normalizeCertificateCode(typed);
    if (!code) error = "results.certificate.malformed";
    else if (await certificateByCode(db, code)) throw redirect(`/certificates/${code}`);
    else error = "results.certificate.unknown";
  }
  return { typed, error, messages: messagesUnder(locale, "results.certificate.") };
}

export default function CheckCertificate() {
  const { typed, error } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="container section narrow">
      <h1>{t("results.certificate.checkTitle")}</h1>
      <p className="muted">{t("results.certificate.checkIntro")}</p>
      <Form method="get" className="form" noValidate>
        <div className="field">
          <label htmlFor="code">{t("results.certificate.codeLabel")}</label>
          <input
            id="code"
            name="code"
            defaultValue={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "code-error" : undefined}
          />
          {error ? (
            <p id="code-error" className="field-error" role="alert">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          {t("results.certificate.check")}
        </button>
      </Form>
    </section>
  );
}
