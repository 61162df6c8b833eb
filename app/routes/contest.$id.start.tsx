import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { readForm } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";

// The dashboard's 'Start Now' (docs/product/contests.md §4): a form post, so it works without
// JavaScript; it opens the test, and the guard sends anyone who may not take it now
// back with a message. It marks nothing: an entry counts as started only when the test
// island has received the paper and the student presses 'Start Contest' (docs/product/design.md §4),
// so a student without JavaScript, who never saw a question, is never submitted blank.
export async function action(args: ActionFunctionArgs) {
  const { contest } = await requireContestStage(db, args, "test");
  await readForm(args.request, []);
  throw redirect(`/contest/${contest.id}/test`);
}

export function loader() {
  notFound();
}
