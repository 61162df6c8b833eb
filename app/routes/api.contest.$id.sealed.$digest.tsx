import type { LoaderFunctionArgs } from "@remix-run/node";
import { sealFor } from "~/models/contests/paper/sealed-paper.server";
import { SEALED_DIGEST } from "~/models/contests/paper/sealed-paper";
import { requireUuidParam } from "~/utils/http.server";

// The contest's sealed paper (docs/decisions/contests-shift-sealed-paper.md): the same
// encrypted bytes for every student, readable by nobody before the key is given at the
// start, so they need no session and may be kept by nginx or a CDN for ever: the address
// names their digest, and a changed paper has another address. Only the current one is served.
export async function loader({ params }: LoaderFunctionArgs) {
  const contestId = requireUuidParam(params);
  const seal = SEALED_DIGEST.test(params.digest ?? "") ? await sealFor(contestId, Date.now()) : null;
  if (!seal || seal.digest !== params.digest) {
    return new Response("No such paper", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(seal.bytes), {
    headers: { "Content-Type": "application/octet-stream", "Content-Length": String(seal.bytes.length), "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
