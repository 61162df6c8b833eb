// Calls a route's loader or action the way Remix does, with a real Request, and
// unwraps what comes back (data(), a plain value, or a thrown Response).
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { Clock } from "~/utils/clock";

export type Outcome = { status: number; data: any; headers: Headers; location: string | null };

type Handler = (args: ActionFunctionArgs | LoaderFunctionArgs) => unknown;

export function formRequest(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** A JSON post, as a page's script sends one (a string body is sent as it is: a malformed one, say). */
export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });
}

export function getRequest(path: string, cookie?: string) {
  return new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/**
 * Options: the client's address, route params, the request's clock (tests/support/manual-clock.ts),
 * and the load context (Remix gives every loader of one request the same context object; pass one
 * to several calls to act as one request).
 */
export async function call(
  handler: Handler,
  request: Request,
  options: { ip?: string; params?: Record<string, string>; context?: AppLoadContext; clock?: Clock } = {},
): Promise<Outcome> {
  let result: unknown;
  try {
    const context = options.context ?? { clientIp: options.ip ?? "203.0.113.7", ...(options.clock ? { clock: options.clock } : {}) };
    result = await handler({ request, params: options.params ?? {}, context });
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, data: text, headers: result.headers, location: result.headers.get("Location") };
  }
  // data(value, init) from @remix-run/node
  if (result && typeof result === "object" && "type" in result && (result as { type: unknown }).type === "DataWithResponseInit") {
    const d = result as unknown as { data: unknown; init?: ResponseInit | null };
    return { status: d.init?.status ?? 200, data: d.data, headers: new Headers(d.init?.headers), location: null };
  }
  return { status: 200, data: result, headers: new Headers(), location: null };
}

/** The `name=value` pair of a Set-Cookie header, for the next request's Cookie header. */
export function cookieFrom(headers: Headers, name = "__session") {
  for (const value of headers.getSetCookie()) {
    const pair = value.split(";")[0]!;
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

