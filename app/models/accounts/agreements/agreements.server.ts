// Recording what a person agreed to, and the guard before an enrolment, a payment or a
// listing (issue 67, point 7). Sign-up records the current versions in its transaction
// (account.server.ts); a person whose newest agreement is older than a current version (or
// who has none: an account from before versions, docs/decisions/accounts-policy-versions.md)
// is sent to /account/agree, once, before any of those writes. The guard runs on the server,
// in the loader and the action alike, so a crafted post is refused before anything is written.
// The versions are a parameter with the module's as default, as the clock is, so the tests can
// step them.
import { desc, eq } from "drizzle-orm";
import { redirect } from "@remix-run/node";
import type { DbOrTx } from "~/db/client.server";
import { policy_agreements } from "~/db/schema";
import { inEnglish } from "~/utils/i18n.server";
import { agreeUrl, AGREE_MESSAGES, currentVersions, mustAgree, NONE_AGREED, POLICY_HISTORY, type AgreedVersions, type PolicyHistory } from "~/models/accounts/agreements/policy-versions";

export type AgreementVia = "signup" | "asked";

/** Records that the person agreed to `versions` (the current ones unless given) at `now`. */
export async function recordAgreement(db: DbOrTx, input: { userId: string; now: Date; via: AgreementVia; versions?: AgreedVersions }) {
  const versions = input.versions ?? currentVersions();
  await db.insert(policy_agreements).values({ user_id: input.userId, terms_version: versions.terms, privacy_version: versions.privacy, agreed_at: input.now, via: input.via });
}

/** The versions of the person's newest agreement; none (0) for an account from before versions. */
export async function agreedVersions(db: DbOrTx, userId: string): Promise<AgreedVersions> {
  const [row] = await db
    .select({ terms: policy_agreements.terms_version, privacy: policy_agreements.privacy_version })
    .from(policy_agreements)
    .where(eq(policy_agreements.user_id, userId))
    .orderBy(desc(policy_agreements.agreed_at), desc(policy_agreements.id))
    .limit(1);
  return row ?? NONE_AGREED;
}

export async function needsAgreement(db: DbOrTx, userId: string, history: PolicyHistory = POLICY_HISTORY) {
  return mustAgree(await agreedVersions(db, userId), history);
}

/** The page a request came from, to return to after agreeing: Remix's own query parameters left out. */
function pathOf(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

/**
 * Before an enrolment, a payment or a listing: a person who must agree first is redirected to
 * the agree page, which brings them back to this page (a GET of the path that was posted to).
 */
export async function requireAgreement(db: DbOrTx, request: Request, userId: string, history: PolicyHistory = POLICY_HISTORY) {
  if (await needsAgreement(db, userId, history)) throw redirect(agreeUrl(pathOf(request)));
}

/** The JSON APIs' guard (the in-page checkouts' scripts): a 409 whose `redirect` is the agree page, then `next`. */
export async function requireAgreementForApi(db: DbOrTx, userId: string, next: string, history: PolicyHistory = POLICY_HISTORY) {
  if (await needsAgreement(db, userId, history)) throw Response.json({ error: inEnglish(AGREE_MESSAGES.refusedApi), redirect: agreeUrl(next) }, { status: 409 });
}
