// The response sheet as a CSV download (issue 48, point 4): the results' Response Sheet tab
// (app/routes/contest.$id.results.tsx) in the reader's language. Only the signed-in
// student's own, only once the test has closed for everyone; otherwise a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { contestResults } from "~/models/contests/results/results.server";
import { responseSheet, responseSheetCsv } from "~/models/contests/results/response-sheet.server";
import { localeOf } from "~/utils/i18n.server";

export async function loader(args: LoaderFunctionArgs) {
  const now = new Date();
  const { user, contest } = await requireContestStage(db, args, "results", now);
  const mine = { contestId: contest.id, userId: user.id };
  const results = await contestResults(db, { ...mine, now });
  const sheet = results?.state === "scored" ? await responseSheet(db, { ...mine, now }) : null;
  if (!sheet) throw new Response("Not Found", { status: 404 });
  // The byte-order mark tells a spreadsheet the file is UTF-8 (Hindi section names).
  return new Response(`\uFEFF${responseSheetCsv(sheet, localeOf(args.request, args.context))}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="response-sheet-${contest.id.slice(0, 8)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
