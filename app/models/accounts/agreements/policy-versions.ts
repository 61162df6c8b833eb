// The versions of what a person agrees to (issue 67, point 7): the terms and the privacy
// policy, each a list of versions with the date it took effect and one sentence of what
// changed. The newest is the last. /terms and /privacy show it at their top, sign-up
// records it (./agreements.server.ts), and a person whose last agreement is older is asked
// once, before their next enrolment, payment or listing (/account/agree).
//
// To change a document: change its words in app/locales/{en,hi}/pages.ts, then add a
// version here with its date and a "what changed" sentence in app/locales/{en,hi}/account.ts.
// Pure, so the pages share it.
import type { MessageId, Msg } from "~/utils/i18n";

export const POLICY_DOCUMENTS = ["terms", "privacy"] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

/** One version of a document: its number (1, 2, …), the day it took effect (YYYY-MM-DD, India), and what changed. */
export type PolicyVersion = { version: number; date: string; changed: MessageId };

export type PolicyHistory = Record<PolicyDocument, readonly PolicyVersion[]>;

export const POLICY_HISTORY: PolicyHistory = {
  terms: [{ version: 1, date: "2026-12-07", changed: "account.policies.changed.terms1" }],
  privacy: [{ version: 1, date: "2026-12-07", changed: "account.policies.changed.privacy1" }],
};

/** The versions a person agreed to; 0 for a document they never agreed to a version of (an account from before versions). */
export type AgreedVersions = Record<PolicyDocument, number>;

export const NONE_AGREED: AgreedVersions = { terms: 0, privacy: 0 };

export function currentVersion(document: PolicyDocument, history: PolicyHistory = POLICY_HISTORY): PolicyVersion {
  return history[document].at(-1)!;
}

export function currentVersions(history: PolicyHistory = POLICY_HISTORY): AgreedVersions {
  return { terms: currentVersion("terms", history).version, privacy: currentVersion("privacy", history).version };
}

/** Whether a person who agreed to these versions must be asked again. */
export function mustAgree(agreed: AgreedVersions, history: PolicyHistory = POLICY_HISTORY): boolean {
  return POLICY_DOCUMENTS.some((document) => agreed[document] < currentVersion(document, history).version);
}

/** Every version newer than the one agreed, document by document, oldest first: what the agree page says changed. */
export function changesSince(agreed: AgreedVersions, history: PolicyHistory = POLICY_HISTORY): Array<{ document: PolicyDocument } & PolicyVersion> {
  return POLICY_DOCUMENTS.flatMap((document) => history[document].filter((v) => v.version > agreed[document]).map((v) => ({ document, ...v })));
}

/** Whether versions posted back by the agree form are the current ones (a page read before a change is asked again). */
export function isCurrent(posted: AgreedVersions, history: PolicyHistory = POLICY_HISTORY): boolean {
  const current = currentVersions(history);
  return posted.terms === current.terms && posted.privacy === current.privacy;
}

/** The page's "Version 2, in effect from 7 December 2026" line, its date written by the caller in the reader's language. */
export const versionLine = (document: PolicyDocument, date: string, history: PolicyHistory = POLICY_HISTORY): Msg => ({
  id: "account.policies.versionLine",
  values: { version: currentVersion(document, history).version, date },
});

export const AGREE_MESSAGES = {
  tickRequired: { id: "account.agree.tickRequired" },
  agreed: { id: "account.agree.done" },
  refusedApi: { id: "account.agree.refusedApi" },
} as const satisfies Record<string, Msg>;

/** Where a person is sent to agree before going on to `next` (a path of ours, checked again on arrival). */
export const agreeUrl = (next: string) => `/account/agree?${new URLSearchParams({ next })}`;
