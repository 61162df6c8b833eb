import { signedCookie } from "~/utils/cookies.server";

// One-shot messages after a redirect (post/redirect/get), read and cleared by the
// root loader and rendered as server HTML, so they show with JavaScript off.
export type Flash = { kind: "success" | "error" | "info"; message: string; action?: { label: string; to: string } };

const flashCookie = () => signedCookie("__flash", 60);

export function setFlash(flash: Flash) {
  return flashCookie().serialize(flash);
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}
