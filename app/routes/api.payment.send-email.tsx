import type { ActionFunctionArgs } from "@remix-run/node";
import { inEnglish } from "~/utils/i18n.server";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser } from "~/models/accounts/auth.server";
import { resendConfirmation } from "~/models/contests/catalogue/enrolment.server";
import { kickOutbox } from "~/services/email.server";
import { notFound, parseJsonBody } from "~/utils/http.server";
import { consume, LIMITS } from "~/services/rate-limit.server";
import type { RequestPolicy } from "~/server/policy";
import { JSON_API_BODY } from "~/utils/request-guard";

// docs/product/contests.md §7 takes `to`, `subject` and `html` from the browser: an open relay. Ours
// only queues the caller's own confirmation again (docs/product/design.md §5); those fields are ignored.
const Body = z.object({ contestId: z.string().uuid() });

/** JSON from the pay page's script. */
export const requestPolicy: RequestPolicy = { body: JSON_API_BODY };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { contestId } = await parseJsonBody(request, Body);
  if (await consume(db, `resend-confirmation:${user.id}`, LIMITS.confirmationResendsPerUser, new Date())) {
    return Response.json({ error: inEnglish({ id: "auth.error.tooManyAttempts" }) }, { status: 429 });
  }
  if (!(await resendConfirmation(db, { userId: user.id, contestId }))) {
    return Response.json({ error: inEnglish({ id: "common.api.noPaidEntry" }) }, { status: 404 });
  }
  kickOutbox();
  return Response.json({ queued: true }, { status: 202 });
}

export function loader() {
  notFound();
}
