import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { testApiReply, testPaperReply } from "~/models/contests/sitting/test-api.server";
import { leanResponse, type RequestPolicy } from "~/server/policy";
import { clientIp } from "~/models/accounts/auth.server";
import { readJson } from "~/utils/forms.server";
import { JSON_API_BODY } from "~/utils/request-guard";

// The test page's data (docs/product/design.md §4): the page itself is the same document for every
// student (served from memory); this session-checked route gives the student's paper,
// saved answers and the server's deadline, and takes each answer, the start,
// proctoring events and the one submission. Never a correct answer.

/**
 * The crowd's hot path: the front door answers it straight from Node's request with the
 * same functions as the loader and action below (Express's and Remix's work cost about
 * as much CPU per answer as the answer itself). Its posts change no page in memory.
 */
export const requestPolicy: RequestPolicy = {
  body: JSON_API_BODY,
  keepsPages: true,
  lean: {
    GET: ({ cookie, params, now }) => testPaperReply({ cookie, contestId: params.id, now }),
    POST: ({ cookie, params, now, address, readBody }) => testApiReply({ cookie, contestId: params.id, now, address, readBody }),
  },
};

// Remix's door to the same functions (what integration tests call).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return leanResponse(await testPaperReply({ cookie: request.headers.get("Cookie"), contestId: params.id, now: new Date() }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const readBody = async () => (await readJson(request, JSON_API_BODY)).value;
  const address = clientIp(context as { clientIp?: string });
  return leanResponse(await testApiReply({ cookie: request.headers.get("Cookie"), contestId: params.id, readBody, now: new Date(), address }));
}
