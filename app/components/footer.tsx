import { Link, useRouteLoaderData } from "@remix-run/react";
import { useSupportContact } from "~/models/support/policy";
import { OperatorDetails } from "~/components/support/operator-details";
import { useT, type MessageId } from "~/utils/i18n";

/** The root's tagline id (offerWords): the lawful one where the root's data is missing (an error page). */
const useTagline = (): MessageId => (useRouteLoaderData("root") as { tagline?: MessageId } | undefined)?.tagline ?? "common.footer.taglineLawful";

export function Footer() {
  const support = useSupportContact();
  const tagline = useTagline();
  const { t } = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          <p className="brand">
            Study<span>Arena</span>
          </p>
          <p>{t(tagline)}</p>
        </section>
        <nav aria-label={t("common.footer.quickLinks")}>
          <h2>{t("common.footer.quickLinks")}</h2>
          <ul>
            <li><Link to="/">{t("common.nav.home")}</Link></li>
            <li><Link to="/contests">{t("common.nav.contests")}</Link></li>
            <li><Link to="/store">{t("common.nav.marketplace")}</Link></li>
            <li><Link to="/blog">{t("common.nav.blog")}</Link></li>
            <li><Link to="/about">{t("common.footer.about")}</Link></li>
            <li><Link to="/faq">{t("common.footer.faq")}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t("common.footer.legal")}>
          <h2>{t("common.footer.legal")}</h2>
          <ul>
            <li><Link to="/terms">{t("common.footer.terms")}</Link></li>
            <li><Link to="/privacy">{t("common.footer.privacy")}</Link></li>
            <li><Link to="/refund">{t("common.footer.refund")}</Link></li>
            <li><Link to="/cookie">{t("common.footer.cookie")}</Link></li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t("common.footer.contact")}</h2>
          <address translate="no">
            {support.address ? (
              <>
                {support.address}
                <br />
              </>
            ) : null}
            <a href={`mailto:${support.email}`}>{support.email}</a>
            {support.phone ? (
              <>
                <br />
                <a href={`tel:${support.phone.replace(/\s/g, "")}`}>{support.phone}</a>
              </>
            ) : null}
          </address>
          <p>
            <Link to="/contact">{t("common.footer.contactSupport")}</Link>
          </p>
          <ul className="social" aria-label={t("common.footer.social")}>
            <li><a href="https://www.instagram.com/" rel="noopener noreferrer">Instagram</a></li>
            <li><a href="https://www.youtube.com/" rel="noopener noreferrer">YouTube</a></li>
            <li><a href="https://x.com/" rel="noopener noreferrer">X</a></li>
          </ul>
        </section>
      </div>
      {/* Who runs the site and hears complaints (issue 67, point 4): its own block, on every page. */}
      <section className="container footer-operator" aria-label={t("common.operator.title")}>
        <OperatorDetails compact />
      </section>
      <p className="container copyright">{t("common.footer.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
