// The consent page's first step (issue 67, point 2; docs/decisions/privacy-parent-verified.md): the parent shows they
// are 18 or older through DigiLocker, or from a StudyArena account DigiLocker verified before. Plain forms and a
// link, so it works without JavaScript; the rules are in app/models/accounts/parents/digilocker.server.ts.
import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/utils/dates";
import { useT } from "~/utils/i18n";
import { useIsPending } from "~/utils/use-is-pending";

export type VerificationView = {
  verifiedBy: "digilocker" | "account" | "off" | null;
  verifiedAt: string | Date | null;
  /** Whether DigiLocker (or its stand-in) is set up here. */
  available: boolean;
  /** Who is signed in here (never the child), and when DigiLocker verified that account, if it did. */
  signedIn: { email: string; verifiedAt: string | Date | null } | null;
  token: string;
};

export function ParentVerification({ verifiedBy, verifiedAt, available, signedIn, token }: VerificationView) {
  const { t, locale } = useT();
  const pending = useIsPending();
  if (verifiedBy && verifiedAt) {
    const line = verifiedBy === "account" ? "consent.verified.account" : verifiedBy === "off" ? "consent.verified.off" : "consent.verified.digilocker";
    return (
      <p className="card" role="status">
        ✓ {t(line, { date: formatDate(verifiedAt, locale) })}
      </p>
    );
  }
  return (
    <div className="card">
      <h2>{t("consent.verify.title")}</h2>
      <p>{t("consent.verify.why")}</p>
      {signedIn?.verifiedAt ? (
        <Form method="post">
          <p>{t("consent.verify.accountReady", { email: signedIn.email, date: formatDate(signedIn.verifiedAt, locale) })}</p>
          <button type="submit" name="intent" value="account" className="btn btn-primary" disabled={pending}>
            {t("consent.verify.useAccount")}
          </button>
        </Form>
      ) : null}
      {available ? (
        <Form method="post">
          {signedIn && !signedIn.verifiedAt ? <p className="muted">{t("consent.verify.accountMark", { email: signedIn.email })}</p> : null}
          <button type="submit" name="intent" value="digilocker" className={signedIn?.verifiedAt ? "btn btn-light" : "btn btn-primary"} disabled={pending}>
            {t("consent.verify.digilocker")}
          </button>
        </Form>
      ) : (
        <p role="alert">{t("consent.verify.unavailable")}</p>
      )}
      {signedIn ? null : (
        <p>
          <Link to={`/login?redirectTo=${encodeURIComponent(`/consent/${token}`)}`}>{t("consent.verify.logIn")}</Link>
        </p>
      )}
    </div>
  );
}
