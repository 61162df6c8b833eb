// The download of "Your data" (app/routes/account_.data.tsx): everything we hold about the
// signed-in user, as one JSON file. Never cached; a guest goes to log in first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { exportPersonalData } from "~/models/person-data.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, "/account/data");
  const now = new Date();
  const body = JSON.stringify(await exportPersonalData(db, user.id, now), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="studyarena-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
