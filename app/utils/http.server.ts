// Small helpers every loader and action uses (STYLE.md 17), so routes read like their
// screens instead of repeating Response plumbing.
import { redirect } from "@remix-run/node";
import { setFlash, type Flash } from "~/utils/flash.server";
import { isUuid } from "~/utils/misc";

/** Throws a Response (404 by default) unless `condition` holds: for loaders, where a 404 is the answer. */
export function invariantResponse(condition: unknown, message = "Not Found", init: ResponseInit = { status: 404 }): asserts condition {
  if (!condition) {
    throw new Response(message, { ...init, headers: combineHeaders({ "Content-Type": "text/plain; charset=utf-8" }, init.headers) });
  }
}

export function notFound(message = "Not Found"): never {
  throw new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The named URL parameter when it is a UUID; anything else is a 404 before it reaches a query. */
export function requireUuidParam(params: Record<string, string | undefined>, name = "id"): string {
  const value = params[name];
  invariantResponse(isUuid(value));
  return value;
}

/** Headers from several sources in one; Set-Cookie (and other repeatable headers) are appended, not replaced. */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>) {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") return;
      combined.set(key, value);
    });
    for (const cookie of new Headers(source).getSetCookie()) combined.append("Set-Cookie", cookie);
  }
  return combined;
}

/** Post/redirect/get with a one-time message that the next page renders as server HTML. */
export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}): Promise<never> {
  throw redirect(to, { ...init, headers: combineHeaders(init.headers, { "Set-Cookie": await setFlash(flash) }) });
}
