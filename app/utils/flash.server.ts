import { createCookie } from "@remix-run/node";
import { appUrl, sessionSecret } from "~/utils/env.server";

// One-shot messages after a redirect (post/redirect/get), read and cleared by the
// root loader and rendered as server HTML, so they show with JavaScript off.
export type Flash = { kind: "success" | "error" | "info"; message: string; action?: { label: string; to: string } };

let cookie: ReturnType<typeof createCookie> | undefined;
const flashCookie = () =>
  (cookie ??= createCookie("__flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: appUrl().startsWith("https://"),
    secrets: [sessionSecret()],
    maxAge: 60,
  }));

export function setFlash(flash: Flash) {
  return flashCookie().serialize(flash);
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}
