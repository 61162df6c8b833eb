import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { SignOutConfirmation } from "~/components/header";
import { destroySession, getUserId } from "~/models/accounts/auth.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { translatedPageMeta } from "~/utils/meta";
import { ErrorPage } from "~/components/error-page";

// Its words are common's: the header's sign-out dialog says the same.
export const meta = translatedPageMeta("common.signOut.metaTitle", "common.signOut.metaDescription");

// GET shows the confirmation (the no-JavaScript path of the header's dialog);
// only POST signs out: no state changes on GET.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getUserId(request, context))) throw redirect("/");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request, []);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await setFlash({ kind: "info", message: { id: "common.signOut.done" } }));
  // Clear-Site-Data also empties local and session storage for browsers running without our script.
  headers.append("Clear-Site-Data", '"storage"');
  throw redirect("/", { headers });
}

export default function LogoutPage() {
  return (
    <section className="container narrow auth-page">
      <div className="card">
        <SignOutConfirmation />
      </div>
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
