// The agree page's form (/account/agree): the versions the page showed, the tick, and where
// to go on. Apart from ./policy-versions.ts so that only the action imports Zod
// (app/utils/use-schema-form.ts).
import { z } from "zod";
import { msgText } from "~/utils/i18n";
import { AGREE_MESSAGES } from "~/models/accounts/agreements/policy-versions";

const field = z.string().optional();

// A version that is not a whole number is a page we never served: it is no current version
// (isCurrent), so the action shows the page afresh rather than a field's error.
const version = (v: string | undefined) => (v && /^\d{1,6}$/.test(v) ? Number(v) : 0);

export const AgreeSchema = z
  .object({ terms: field, privacy: field, next: field, agree: field })
  .superRefine((v, ctx) => {
    if (v.agree !== "on") ctx.addIssue({ code: "custom", path: ["agree"], message: msgText(AGREE_MESSAGES.tickRequired) });
  })
  .transform((v) => ({ versions: { terms: version(v.terms), privacy: version(v.privacy) }, next: v.next && v.next.length <= 2000 ? v.next : undefined }));
