// The page scripts' calls to our own JSON API (the pay page's checkout, the test island).

/** A JSON post; `keepalive` lets it outlive the page that sent it (a proctoring event as the tab closes). */
export function postJson(url: string, body: unknown, options: { keepalive?: boolean } = {}) {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), keepalive: options.keepalive });
}

/**
 * A JSON post whose reply is read as JSON; a refusal throws with the server's `error`.
 * A busy server's "come back in a moment" (503, 429) is waited out first: the payment
 * scripts' posts are answered without work in that case, so sending again is safe.
 */
export async function requestJson<T>(url: string, body: unknown): Promise<T> {
  const res = await postJsonPatiently(url, body);
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(data.error ?? `HTTP ${res.status}`);
  return data;
}

/**
 * How long a 429 or 503 asks us to wait (its Retry-After in seconds, 1 to 60), with up to a
 * quarter more at random so that many pages refused together do not return together.
 */
export function retryAfterMs(res: Pick<Response, "headers">, random = Math.random) {
  const seconds = Number(res.headers.get("Retry-After"));
  const base = (Number.isFinite(seconds) ? Math.min(60, Math.max(1, seconds)) : 1) * 1000;
  return Math.round(base * (1 + random() / 4));
}

/** A JSON post that, when refused for now (429, or 503 from a busy server), waits as asked and tries again (`tries` in all). */
export async function postJsonPatiently(url: string, body: unknown, tries = 4) {
  let res = await postJson(url, body);
  for (let n = 1; (res.status === 429 || res.status === 503) && n < tries; n++) {
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(res)));
    res = await postJson(url, body);
  }
  return res;
}
