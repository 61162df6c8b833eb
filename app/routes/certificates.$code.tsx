// A practice test's certificate (issue 46, point 3), public to anyone with its code: the
// student shares the link, a school or an employer opens it and sees that it is genuine.
// Prints on one A4 page and reads on a phone. Its code is looked up under the same limit
// on misses as the check form's (issue 65): an address told to wait is told so here too.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { marksText } from "~/components/contests/results/exam-results";
import { db } from "~/db/client.server";
import { clientIp } from "~/models/accounts/auth.server";
import { certificateLimitedMessage, checkCertificate } from "~/models/contests/results/certificates.server";
import { formatCertificateCode } from "~/models/contests/results/certificate-code";
import { formatDate } from "~/utils/dates";
import { appUrl } from "~/utils/env.server";
import { invariantResponse } from "~/utils/http.server";
import { richText, useT } from "~/utils/i18n";
import { i18nFor, messagesUnder } from "~/utils/i18n.server";
import { metaTranslator } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  const certificate = data && "certificate" in data ? data.certificate : null;
  const title = certificate ? t("results.certificate.metaTitle", { title: certificate.title }) : data ? t("results.certificate.checkTitle") : t("common.notFound.certificate");
  return [
    { title: t("common.pageTitle", { title }) },
    { name: "description", content: certificate ? t("results.certificate.metaDescription") : t("common.notFound.certificateText") },
    // A certificate is for whoever holds its link, not for search engines.
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const checked = await checkCertificate(db, { typed: params.code ?? "", ip: clientIp(context), now: new Date() });
  const { locale } = i18nFor(request, context);
  const messages = messagesUnder(locale, "results.certificate.");
  if (checked.kind === "limited") return data({ limited: certificateLimitedMessage(checked.retryAfterS), messages }, { status: 429 });
  invariantResponse(checked.kind === "found");
  const certificate = checked.certificate;
  return {
    certificate: { ...certificate, code: formatCertificateCode(certificate.code) },
    checkAt: `${appUrl()}/certificates`,
    messages,
  };
}

export default function CertificatePage() {
  const loaded = useLoaderData<typeof loader>();
  const { t, tm, locale } = useT();
  if ("limited" in loaded) {
    return (
      <section className="container section narrow">
        <h1>{t("results.certificate.checkTitle")}</h1>
        <p role="alert">{tm(loaded.limited)}</p>
      </section>
    );
  }
  const { certificate: c, checkAt } = loaded;
  return (
    <section className="container section">
      <article className="certificate">
        <p className="certificate-brand">
          Study<span>Arena</span>
        </p>
        <h1>{t("results.certificate.heading")}</h1>
        <p className="certificate-body">
          {richText(
            t("results.certificate.body", {
              date: formatDate(c.start_time, locale),
              score: marksText(c.score),
              full: c.full_marks,
              rank: c.rank ?? "—",
              ranked: c.ranked,
              percentile: c.percentile === null ? "—" : c.percentile.toFixed(7),
            }),
            [
              () => (
                <strong className="certificate-name" translate="no">
                  {c.name?.trim() || t("results.certificate.anonymous")}
                </strong>
              ),
              () => (
                <strong className="certificate-title" translate="no">
                  {c.title}
                </strong>
              ),
            ],
          )}
        </p>
        <p className="certificate-genuine">✓ {t("results.certificate.genuine", { date: formatDate(c.issued_at, locale) })}</p>
        <dl className="certificate-code">
          <dt>{t("results.certificate.code")}</dt>
          <dd translate="no">{c.code}</dd>
        </dl>
        <p className="muted">{richText(t("results.certificate.checkAt", { url: checkAt }), [(text) => <Link to="/certificates" translate="no">{text}</Link>])}</p>
        <p className="muted">{t("results.certificate.recognition")}</p>
      </article>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "common.notFound.certificate",
  message: "common.notFound.certificateText",
  action: { label: "common.notFound.toCertificates", to: "/certificates" },
});
