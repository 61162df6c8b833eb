import type { LoaderFunctionArgs } from "@remix-run/node";
import { testKeyReply } from "~/models/contests/sitting/test-api.server";
import { leanResponse, type RequestPolicy } from "~/server/policy";

// The sealed paper's key at the start (docs/decisions/contests-shift-start-is-a-key.md):
// a link the waiting room signed for one entry and sign-in. The same reply for the whole
// contest, so in front of the instances nginx checks the link and keeps the reply
// (deploy/nginx.conf); a shift's crowd reaches an instance about once.

/** The crowd's hot path at a shift's start: answered by the front door straight from Node's request. */
export const requestPolicy: RequestPolicy = {
  lean: { GET: ({ cookie, params, now }) => testKeyReply({ cookie, params, now }) },
};

// Remix's door to the same function (what integration tests call).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return leanResponse(await testKeyReply({ cookie: request.headers.get("Cookie"), params, now: new Date() }));
}
