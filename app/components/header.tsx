import { Form, Link, NavLink } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { countOf } from "~/utils/text";

type HeaderUser = { initial: string; name: string; cart: number } | null;

export function Header({ user }: { user: HeaderUser }) {
  const [scrolled, setScrolled] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <header className={scrolled ? "site-header is-scrolled" : "site-header"}>
      <div className="container header-row">
        <Link to="/" className="brand" aria-label="StudyArena home">
          Study<span>Arena</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <NavLinks />
        </nav>
        {user ? (
          <Link to="/cart" className="header-cart" aria-label={`Cart, ${countOf(user.cart, "item")}`}>
            <span aria-hidden="true">Cart</span>
            <span className="badge" aria-hidden="true">
              {user.cart}
            </span>
          </Link>
        ) : null}
        {user ? (
          <details className="avatar-menu">
            <summary aria-label={`Account menu for ${user.name}`}>
              <span className="avatar" aria-hidden="true">
                {user.initial}
              </span>
            </summary>
            <div className="menu" role="menu">
              <Link to="/dashboard" role="menuitem">
                Dashboard
              </Link>
              <Link to="/cart" role="menuitem">
                Cart
              </Link>
              <Link to="/wishlist" role="menuitem">
                Wishlist
              </Link>
              <Link to="/orders" role="menuitem">
                Orders
              </Link>
              <Link to="/store/my-products" role="menuitem">
                My Products
              </Link>
              <Link to="/account" role="menuitem">
                My Account
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
                Sign Out
              </Link>
            </div>
          </details>
        ) : (
          <div className="auth-links">
            <Link to="/login">Login</Link>
            <Link to="/signup" className="btn btn-sm">
              Register
            </Link>
          </div>
        )}
        {/* Phones: the same links behind a native disclosure, which opens without JavaScript. */}
        <details className="nav-menu">
          <summary aria-label="Menu">
            <span aria-hidden="true">☰</span>
          </summary>
          <nav aria-label="Main (menu)" className="menu">
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

const SECTIONS = [
  { to: "/", label: "Home", end: true },
  { to: "/contests", label: "Contests" },
  { to: "/store", label: "Marketplace" },
  { to: "/blog", label: "Blog" },
];

function NavLinks() {
  return (
    <>
      {SECTIONS.map((s) => (
        <NavLink key={s.to} to={s.to} end={s.end}>
          {s.label}
        </NavLink>
      ))}
    </>
  );
}

/** The same confirmation serves the dialog (JavaScript) and the /logout page (none). */
export function SignOutConfirmation({ onCancel }: { onCancel?: () => void }) {
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
      <h2 id="signout-title">Confirm Sign Out</h2>
      <p>Are you sure you want to sign out of your account?</p>
      <div className="actions">
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to="/" className="btn btn-ghost">
            Cancel
          </Link>
        )}
        <button type="submit" className="btn btn-danger">
          Sign Out
        </button>
      </div>
    </Form>
  );
}
