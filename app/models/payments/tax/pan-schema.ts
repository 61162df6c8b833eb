// The PAN form's schema (./tax-law.ts has its rules), apart so that only the action imports
// Zod (app/utils/use-schema-form.ts). The password is checked against the account by the
// action: a session left open cannot change whose tax our returns report.
import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "~/models/accounts/passwords/password-strength";
import { cleanPan, PAN_MAX, PAN_MESSAGES, panProblem } from "~/models/payments/tax/tax-law";
import { msgText } from "~/utils/i18n";

const field = z.string().optional();

export const PanSchema = z
  .object({ pan: field, panName: field, currentPassword: field })
  .superRefine((v, ctx) => {
    const pan = v.pan ?? "";
    // Bounded before it is read: a PAN is ten characters, however it was spaced.
    const problem = pan.length > PAN_MAX.pan * 3 ? PAN_MESSAGES.invalid : panProblem(pan);
    if (problem) ctx.addIssue({ code: "custom", path: ["pan"], message: msgText(problem) });
    const name = (v.panName ?? "").trim();
    if (name.length < 2 || name.length > PAN_MAX.name) ctx.addIssue({ code: "custom", path: ["panName"], message: msgText(PAN_MESSAGES.nameRequired) });
    if (!v.currentPassword || v.currentPassword.length > MAX_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: msgText(PAN_MESSAGES.passwordRequired) });
  })
  .transform((v) => ({ currentPassword: v.currentPassword!, pan: cleanPan(v.pan!), panName: v.panName!.trim().replace(/\s+/g, " ") }));
export type PanInput = Omit<z.output<typeof PanSchema>, "currentPassword">;
