import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useT, type MessageId } from "~/utils/i18n";

/**
 * A route's ErrorBoundary for its own 404 ('Product Not Found', 'Contest Not Found'…);
 * any other error goes on to the root boundary. Its words are message ids of the common
 * namespace (the route's own data is missing on a 404; the root's is there), or, on a
 * page not yet in two languages, English text, shown as it is.
 */
export function notFoundBoundary(copy: { title: MessageId | string; message?: MessageId | string; action: { label: MessageId | string; to: string } }) {
  return function NotFoundBoundary() {
    const error = useRouteError();
    const { t } = useT();
    if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
    // An id the page has is translated; any other text comes back as it is.
    const say = (text: MessageId | string) => t(text as MessageId);
    return (
      <section className="container narrow error-page">
        <h1>{say(copy.title)}</h1>
        {copy.message ? <p>{say(copy.message)}</p> : null}
        <Link to={copy.action.to} className="btn btn-primary">
          {say(copy.action.label)}
        </Link>
      </section>
    );
  };
}

/** An unknown contest on any of its pages (its page, rules sheet, pay page): 'Contest Not Found', and home. */
export const ContestNotFound = notFoundBoundary({
  title: "common.notFound.contest",
  message: "common.notFound.contestText",
  action: { label: "common.error.home", to: "/" },
});
