// A flag's snapshot, for reviewers only (issue 47, point 3): anyone else gets the same 404 as
// for a snapshot that does not exist. Kept private: never in a shared cache, and the public
// media route refuses the key (models/contests/review/evidence.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { snapshotOf } from "~/models/contests/review/evidence.server";
import { isReviewer } from "~/models/contests/review/review.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const contestId = requireUuidParam(params);
  const eventId = requireUuidParam(params, "eventId");
  const user = await requireUser(request, context);
  invariantResponse(await isReviewer(db, user.id));
  const image = await snapshotOf(db, { contestId, eventId });
  invariantResponse(image);
  return new Response(new Uint8Array(image.bytes), {
    headers: { "Content-Type": image.contentType, "Content-Length": String(image.bytes.length), "Cache-Control": "private, no-store" },
  });
}
