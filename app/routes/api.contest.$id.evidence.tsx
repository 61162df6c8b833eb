import type { ActionFunctionArgs } from "@remix-run/node";
import { testEvidenceReply } from "~/models/contests/sitting/test-api.server";
import { leanResponse, type RequestPolicy } from "~/server/policy";
import { readJson } from "~/utils/forms.server";
import { EVIDENCE_BODY } from "~/utils/request-guard";

// A face check's flag with its one small snapshot (issue 47, point 3): posted by the test
// page only where the student, or under 18 their parent, agreed. Reviewers see it on the
// review screen (contest.$id.review.snapshot.$eventId.tsx); nobody else ever does.
export const requestPolicy: RequestPolicy = { body: EVIDENCE_BODY, keepsPages: true };

export async function action({ request, params }: ActionFunctionArgs) {
  const readBody = async () => (await readJson(request, EVIDENCE_BODY)).value;
  return leanResponse(await testEvidenceReply({ cookie: request.headers.get("Cookie"), contestId: params.id, readBody, now: new Date() }));
}
