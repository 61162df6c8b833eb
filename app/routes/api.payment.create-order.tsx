import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { startContestPayment } from "~/models/payments.server";
import { getUser } from "~/utils/auth.server";
import { readJson } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";
import { paymentGateway } from "~/utils/payment-gateway.server";
import { JSON_API_BODY } from "~/utils/request-guard";

// contests.md §7, POST /api/payment/create-order, for the pay page's script. The body
// names the contest; the spec's userId and amount are ignored: the user is the
// session's and the amount is the entry fee in the database.
const Body = z.object({ contestId: z.string().uuid() });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  if (!user) return Response.json({ error: "Please log in again." }, { status: 401 });
  const parsed = Body.safeParse((await readJson(request, JSON_API_BODY)).value);
  if (!parsed.success) return Response.json({ error: "contestId is required" }, { status: 400 });
  const gateway = paymentGateway();
  const outcome = await startContestPayment(db, gateway, { userId: user.id, contestId: parsed.data.contestId, now: new Date() });
  switch (outcome.kind) {
    case "order":
      return Response.json({ orderId: outcome.orderId, amount: outcome.amount, currency: "INR", keyId: gateway.keyId, gateway: gateway.kind });
    case "enrolled":
      return Response.json({ enrolled: true });
    case "missing":
      return Response.json({ error: "Contest Not Found" }, { status: 404 });
    case "already-enrolled":
      return Response.json({ error: "You are already enrolled in this contest." }, { status: 409 });
    case "closed":
      return Response.json({ error: "Enrolment for this contest has closed." }, { status: 409 });
  }
}

export function loader() {
  notFound();
}
