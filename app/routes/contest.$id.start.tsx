import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { startTest } from "~/models/contests/test-taking.server";
import { readForm } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";

// The dashboard's 'Start Now' (contests.md §4): a form post, so it works without
// JavaScript; it marks the entry started and opens the test. The guard sends anyone
// who may not take the test now back with a message.
export async function action(args: ActionFunctionArgs) {
  const now = new Date();
  const { contest, entry } = await requireContestStage(db, args, "test", now);
  await readForm(args.request, []);
  await startTest(db, { entryId: entry!.id, now });
  throw redirect(`/contest/${contest.id}/test`);
}

export function loader() {
  notFound();
}
