// Small helpers every loader and action uses (docs/product/style.md 17), so routes read like their
// screens instead of repeating Response plumbing.
import { redirect } from "@remix-run/node";
import type { z } from "zod";
import { readJson } from "~/utils/forms.server";
import { JSON_API_BODY, type BodyRule } from "~/utils/request-guard";
import { setFlash, type Flash } from "~/utils/flash.server";
import { isUuid } from "~/utils/urls";

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

/** A JSON reply for a page's script; with a flash, the page it goes to next shows the message (as after a redirect). */
export async function jsonWithFlash(body: unknown, init: { status?: number; flash?: Flash }) {
  return Response.json(body, { status: init.status ?? 200, headers: init.flash ? { "Set-Cookie": await setFlash(init.flash) } : {} });
}

/** Post/redirect/get with a one-time message that the next page renders as server HTML. */
export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}): Promise<never> {
  throw redirect(to, { ...init, headers: combineHeaders(init.headers, { "Set-Cookie": await setFlash(flash) }) });
}

/** A JSON body within the route's limits, checked by a zod schema; a 400 names what is wrong. */
export async function parseJsonBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema, rule: BodyRule = JSON_API_BODY): Promise<z.infer<Schema>> {
  const parsed = schema.safeParse((await readJson(request, rule)).value);
  if (!parsed.success) {
    throw Response.json({ error: issuesText(parsed.error.issues) }, { status: 400 });
  }
  return parsed.data;
}

/** A 400's message: each field and what is wrong with it, never the value received. */
export function issuesText(issues: z.ZodIssue[]) {
  return issues.map((i) => `${i.path.join(".") || "body"}: ${issueText(i)}`).join("; ");
}

/** What is wrong, in words that never repeat what was sent (zod's enum and literal messages quote the received value). */
function issueText(issue: z.ZodIssue) {
  if (issue.code === "invalid_enum_value") return `expected one of ${issue.options.join(", ")}`;
  if (issue.code === "invalid_literal") return `expected ${JSON.stringify(issue.expected)}`;
  return issue.message;
}

/**
 * For JSON endpoints behind a page guard: the guard's redirect (with its flash
 * cookie) becomes a 409 `{ redirect }` that the page's script follows, because a
 * script's fetch would otherwise follow the redirect into an HTML page.
 */
export async function jsonGuard<T>(guarded: Promise<T>): Promise<T> {
  try {
    return await guarded;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers({ "Cache-Control": "private, no-store" });
      for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      throw Response.json({ redirect: thrown.headers.get("Location") }, { status: 409, headers });
    }
    throw thrown;
  }
}
