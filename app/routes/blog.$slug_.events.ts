import { serveLiveCounts } from "~/models/blog/live-stream.server";
import type { RequestPolicy } from "~/server/policy";

// GET /blog/{slug}/events: a post's live like and comment counts, as server-sent events.
// Answered on Node's own response (see app/models/blog/live-stream.server.ts for why),
// so Remix never serves it; it has its own limit of places, so it is not load-shed.
export const requestPolicy: RequestPolicy = {
  stream: (req, res, { params, address }) => serveLiveCounts(req, res, { slug: params.slug ?? "", address }),
};
