// What a route tells the front door about itself (app/server/front-door.server.ts), declared
// in the route module as `export const requestPolicy`. Remix's browser build keeps only
// the route exports it knows (default, handle, meta, …), so a policy, and the server code
// it names, never reaches the browser. A route that declares nothing gets the defaults:
// ordinary forms only, same-site posts only, rendered for each visitor, load-shed.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodyRule } from "~/utils/request-guard";

/** An answer a lean handler gives: JSON, sent by the front door without Express or Remix. */
/** A lean handler's answer; `gzipped`, when given, is `body` as gzip made cheaper than compressing its JSON (a paper). */
export type LeanReply = { status: number; body: unknown; headers: Record<string, string>; pauseMs?: number; gzipped?: () => Buffer };

/** Remix's door to a lean handler (what integration tests call): its reply as a Response, after its pause, as the front door sends it. */
export async function leanResponse(reply: LeanReply) {
  if (reply.pauseMs) await new Promise((resolve) => setTimeout(resolve, reply.pauseMs));
  return Response.json(reply.body, { status: reply.status, headers: reply.headers });
}

export type LeanInput = {
  cookie: string | null;
  params: Record<string, string | undefined>;
  now: Date;
  /** The client's network address (behind trusted proxies, the one they forwarded). */
  address: string;
  /** The JSON body, within the route's body rule (refused with the same words as Remix's door). */
  readBody: () => Promise<unknown>;
};

export type RequestPolicy = {
  /** What a POST may carry: its media types and size. Default: an ordinary form (FORM_BODY). */
  body?: BodyRule;
  /** "signed": posted by the payment gateway from its own site; its signature is the check, not the Origin. */
  crossSite?: "signed";
  /**
   * "shared": the document is the same for everyone (no session read), kept in memory a
   * minute and cacheable. "guest": a guest's view is kept in memory for a second.
   */
  page?: "shared" | "guest";
  /** Answered straight from Node's request, without Express and Remix (the crowd's hot path). */
  lean?: Partial<Record<"GET" | "POST", (input: LeanInput) => Promise<LeanReply>>>;
  /** Answered on Node's own response (a stream that must see its socket close). */
  stream?: (req: IncomingMessage, res: ServerResponse, input: { params: Record<string, string | undefined>; address: string }) => Promise<void>;
  /** The load balancer's health check: never shed, and 503 while the instance drains. */
  healthCheck?: true;
  /** Its posts change nothing any page shows, so pages in memory are kept after them. */
  keepsPages?: true;
  /**
   * The page takes a payment through the gateway's checkout: its script opens in place, or
   * a form posts to its hosted page. Only such a page's Content-Security-Policy admits
   * Razorpay (app/utils/security-headers.ts), and only while Razorpay's keys are set.
   */
  hostedCheckout?: true;
  /** A form here may be answered by a redirect to DigiLocker's sign-in (routes/consent.$token.tsx): its origin joins form-action. */
  digilockerSignIn?: true;
};
