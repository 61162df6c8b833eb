import { Form, Link, NavLink } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LanguageSwitch } from "~/components/language-switch";
import { useHydrated } from "~/utils/use-hydrated";
import { useT, type MessageId } from "~/utils/i18n";

type HeaderUser = { initial: string; name: string; cart: number } | null;

export function Header({ user }: { user: HeaderUser }) {
  const [scrolled, setScrolled] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const { t } = useT();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <header className={scrolled ? "site-header is-scrolled" : "site-header"}>
      <div className="container header-row">
        <Link to="/" className="brand" aria-label={t("common.brandHome")}>
          Study<span>Arena</span>
        </Link>
        <nav aria-label={t("common.nav.main")} className="main-nav">
          <NavLinks />
        </nav>
        <LanguageSwitch />
        {user ? (
          <Link to="/cart" className="header-cart" aria-label={t("common.cartLabel", { count: user.cart })}>
            <span aria-hidden="true">{t("common.cart")}</span>
            <span className="badge" aria-hidden="true">
              {user.cart}
            </span>
          </Link>
        ) : null}
        {user ? (
          <details className="avatar-menu">
            <summary aria-label={t("common.accountMenu", { name: user.name })}>
              <span className="avatar" aria-hidden="true">
                {user.initial}
              </span>
            </summary>
            <div className="menu" role="menu">
              <Link to="/dashboard" role="menuitem">
                {t("common.menu.dashboard")}
              </Link>
              <Link to="/cart" role="menuitem">
                {t("common.menu.cart")}
              </Link>
              <Link to="/wishlist" role="menuitem">
                {t("common.menu.wishlist")}
              </Link>
              <Link to="/orders" role="menuitem">
                {t("common.menu.orders")}
              </Link>
              <Link to="/store/my-products" role="menuitem">
                {t("common.menu.myProducts")}
              </Link>
              <Link to="/account" role="menuitem">
                {t("common.menu.account")}
              </Link>
              {/* Without JavaScript this opens the confirmation page; with it, the dialog. */}
              <Link
                to="/logout"
                role="menuitem"
                onClick={(event) => {
                  if (!dialog.current?.showModal) return;
                  event.preventDefault();
                  event.currentTarget.closest("details")?.removeAttribute("open");
                  dialog.current.showModal();
                }}
              >
                {t("common.menu.signOut")}
              </Link>
            </div>
          </details>
        ) : (
          <div className="auth-links">
            <Link to="/login">{t("common.login")}</Link>
            <Link to="/signup" className="btn btn-sm">
              {t("common.register")}
            </Link>
          </div>
        )}
        {/* Phones: the same links behind a native disclosure, which opens without JavaScript. */}
        <details className="nav-menu">
          <summary aria-label={t("common.nav.menu")}>
            <span aria-hidden="true">☰</span>
          </summary>
          <nav aria-label={t("common.nav.mainMenu")} className="menu">
            <NavLinks />
          </nav>
        </details>
      </div>
      {/* The dialog is JavaScript's; without it, Sign Out is a link to the /logout page. */}
      {user && hydrated ? (
        <dialog ref={dialog} className="dialog" aria-labelledby="signout-title">
          <SignOutConfirmation onCancel={() => dialog.current?.close()} />
        </dialog>
      ) : null}
    </header>
  );
}

const SECTIONS: Array<{ to: string; label: MessageId; end?: true }> = [
  { to: "/", label: "common.nav.home", end: true },
  { to: "/contests", label: "common.nav.contests" },
  { to: "/store", label: "common.nav.marketplace" },
  { to: "/blog", label: "common.nav.blog" },
];

function NavLinks() {
  const { t } = useT();
  return (
    <>
      {SECTIONS.map((s) => (
        <NavLink key={s.to} to={s.to} end={s.end}>
          {t(s.label)}
        </NavLink>
      ))}
    </>
  );
}

/** The same confirmation serves the dialog (JavaScript) and the /logout page (none). */
export function SignOutConfirmation({ onCancel }: { onCancel?: () => void }) {
  const { t } = useT();
  return (
    <Form
      method="post"
      action="/logout"
      className="confirm"
      onSubmit={() => {
        // docs/product/contests.md §2: signing out clears local and session storage too.
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch {
          /* storage may be disabled */
        }
      }}
    >
      <h2 id="signout-title">{t("common.signOut.title")}</h2>
      <p>{t("common.signOut.question")}</p>
      <div className="actions">
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t("common.cancel")}
          </button>
        ) : (
          <Link to="/" className="btn btn-ghost">
            {t("common.cancel")}
          </Link>
        )}
        <button type="submit" className="btn btn-danger">
          {t("common.signOut.confirm")}
        </button>
      </div>
    </Form>
  );
}
