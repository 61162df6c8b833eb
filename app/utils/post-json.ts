// The page scripts' calls to our own JSON API (the pay page's checkout, the test island).

/** A JSON post; `keepalive` lets it outlive the page that sent it (a proctoring event as the tab closes). */
export function postJson(url: string, body: unknown, options: { keepalive?: boolean } = {}) {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), keepalive: options.keepalive });
}

/** A JSON post whose reply is read as JSON; a refusal throws with the server's `error`. */
export async function requestJson<T>(url: string, body: unknown): Promise<T> {
  const res = await postJson(url, body);
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(data.error ?? `HTTP ${res.status}`);
  return data;
}
