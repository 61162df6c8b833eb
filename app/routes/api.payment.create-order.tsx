import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser } from "~/models/accounts/auth.server";
import { requireAgreementForApi } from "~/models/accounts/agreements/agreements.server";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { STAGE_MESSAGES } from "~/models/contests/catalogue/stage";
import { kickOutbox } from "~/services/email.server";
import { notFound, parseJsonBody } from "~/utils/http.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import type { RequestPolicy } from "~/server/policy";
import { JSON_API_BODY } from "~/utils/request-guard";
import { inEnglish } from "~/utils/i18n.server";

// docs/product/contests.md §7, POST /api/payment/create-order, for the pay page's script. The body
// names the contest; the spec's userId and amount are ignored: the user is the
// session's and the amount is the entry fee in the database.
const Body = z.object({ contestId: z.string().uuid() });

/** JSON from the pay page's script. */
export const requestPolicy: RequestPolicy = { body: JSON_API_BODY };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { contestId } = await parseJsonBody(request, Body);
  // As the pay page's own guard (issue 67, point 7): changed terms are agreed to first.
  await requireAgreementForApi(db, user.id, `/contest/${contestId}/pay`);
  const outcome = await startContestPayment(db, paymentGateway(), { userId: user.id, contestId, now: new Date() });
  switch (outcome.kind) {
    case "order":
      return Response.json({ orderId: outcome.orderId, amount: outcome.amount, currency: "INR", keyId: outcome.gateway.keyId, gateway: outcome.gateway.kind });
    case "enrolled":
      kickOutbox();
      return Response.json({ enrolled: true });
    case "missing":
      return Response.json({ error: inEnglish({ id: "common.notFound.contest" }) }, { status: 404 });
    case "already-enrolled":
      return Response.json({ error: inEnglish(STAGE_MESSAGES.alreadyEnrolled) }, { status: 409 });
    case "closed":
      return Response.json({ error: inEnglish(STAGE_MESSAGES.enrolmentClosed) }, { status: 409 });
    case "not-offered":
      return Response.json({ error: inEnglish(STAGE_MESSAGES.unavailable) }, { status: 409 });
    case "limited":
      return Response.json({ error: inEnglish(STAGE_MESSAGES.tooManyOrders) }, { status: 429, headers: { "Retry-After": "3600" } });
    case "unavailable":
      return Response.json({ error: inEnglish(STAGE_MESSAGES.paymentsOff) }, { status: 503 });
  }
}

export function loader() {
  notFound();
}
