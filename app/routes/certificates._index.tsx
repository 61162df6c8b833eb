// Checking a certificate (issue 46, point 3): a code typed as printed (spaces, dashes and
// case do not matter) goes to its certificate; a malformed or unknown one is said in the
// form, with what was typed kept. A GET form, so it works without JavaScript and a check
// can be bookmarked. An address that missed too often is told to wait (issue 65).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CodeLookupForm } from "~/components/ui/code-lookup";
import { db } from "~/db/client.server";
import { clientIp } from "~/models/accounts/auth.server";
import { certificateLimitedMessage, checkCertificate } from "~/models/contests/results/certificates.server";
import { useT, type Msg } from "~/utils/i18n";
import { i18nFor, messagesUnder } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";

export const meta = translatedPageMeta("results.certificate.checkTitle", "results.certificate.checkIntro");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale } = i18nFor(request, context);
  // What was typed, bounded: a code is 20 digits at most, and what comes back is only shown in the field.
  const typed = (new URL(request.url).searchParams.get("code") ?? "").slice(0, 40);
  const reply = (error: Msg | null, status = 200) => data({ typed, error, messages: messagesUnder(locale, "results.certificate.") }, { status });
  if (!typed.trim()) return reply(null);
  const checked = await checkCertificate(db, { typed, ip: clientIp(context), now: new Date() });
  if (checked.kind === "found") throw redirect(`/certificates/${checked.certificate.code}`);
  if (checked.kind === "limited") return reply(certificateLimitedMessage(checked.retryAfterS), 429);
  return reply({ id: checked.kind === "malformed" ? "results.certificate.malformed" : "results.certificate.unknown" });
}

export default function CheckCertificate() {
  const { typed, error } = useLoaderData<typeof loader>();
  const { t, tm } = useT();
  return (
    <section className="container section narrow">
      <h1>{t("results.certificate.checkTitle")}</h1>
      <p className="muted">{t("results.certificate.checkIntro")}</p>
      <CodeLookupForm name="code" label={t("results.certificate.codeLabel")} submit={t("results.certificate.check")} typed={typed} error={error ? tm(error) : null} maxLength={40} />
    </section>
  );
}
