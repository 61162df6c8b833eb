// One zod schema per account form, checked on the server (the browser gets the action's
// reply, never Zod). The spec's exact messages are in messages.ts, which pages import.
import { msgText } from "~/utils/i18n";
import { z } from "zod";
import { isEmail } from "~/utils/email";
import { PINCODE_SHAPE, stripBidiControls } from "~/utils/text";
import { ACCOUNT_MAX, ACCOUNT_MESSAGES, MESSAGES, normalizePhone } from "~/models/accounts/messages";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordScore } from "~/models/accounts/passwords/password-strength";
import { birthDateProblem, parseBirthDate } from "~/models/accounts/age";

export { ACCOUNT_MAX, ACCOUNT_MESSAGES, MESSAGES, normalizePhone };

/** The longest draft carried through login (a domain keeps less: a comment is 1,000 characters). */
const PENDING_DRAFT_MAX = 5_000;

const blank = (v: string | undefined) => !v || v.trim() === "";
const text = (v: string | undefined) => v ?? "";

// Conform hands empty fields over as undefined, so every field starts optional; the
// refinements decide what is missing, and the transform gives the action required
// strings (no `!` after parsing).

export const LoginSchema = z
  .object({
    email: z.string().optional(),
    password: z.string().optional(),
    redirectTo: z.string().optional(),
    // What a guest was doing when sent to log in (a like, a comment's draft, a book into
    // the cart), done on their return by the domain whose page it was: accounts only
    // carries it, bounded; each domain's resume function decides what it means.
    pendingAction: z.string().regex(/^[a-z-]{1,20}$/).optional().catch(undefined),
    draft: z.string().optional().transform((d) => d?.slice(0, PENDING_DRAFT_MAX)),
    quantity: z.string().max(12).optional().catch(undefined),
  })
  .superRefine((v, ctx) => {
    if (blank(v.email) || blank(v.password)) {
      ctx.addIssue({ code: "custom", path: [], message: msgText(MESSAGES.loginRequired) });
    }
  })
  .transform((v) => ({ email: text(v.email).trim(), password: text(v.password), redirectTo: v.redirectTo, pendingAction: v.pendingAction, draft: v.draft, quantity: v.quantity }));

// A date of birth and, under 18, a parent's e-mail (issue 46, point 4). Whether the parent's
// e-mail is required depends on the operator's PARENTAL_CONSENT switch, so the account
// rules (account.server.ts) decide that; here each is checked for what it is.
const birthFields = {
  birthDate: z.string().optional(),
  parentEmail: z.string().optional(),
};

function checkBirthFields(v: { email?: string; birthDate?: string; parentEmail?: string }, ctx: z.RefinementCtx) {
  if (!blank(v.birthDate)) {
    const problem = birthDateProblem(text(v.birthDate), new Date());
    if (problem) ctx.addIssue({ code: "custom", path: ["birthDate"], message: msgText(BIRTH_DATE_MESSAGES[problem]) });
  }
  if (!blank(v.parentEmail)) {
    const parent = text(v.parentEmail).trim();
    if (!isEmail(parent)) ctx.addIssue({ code: "custom", path: ["parentEmail"], message: msgText(MESSAGES.emailInvalid) });
    else if (parent.toLowerCase() === text(v.email).trim().toLowerCase()) ctx.addIssue({ code: "custom", path: ["parentEmail"], message: msgText(MESSAGES.parentEmailSame) });
  }
}

const birthValues = (v: { birthDate?: string; parentEmail?: string }) => ({
  birthDate: blank(v.birthDate) ? null : parseBirthDate(text(v.birthDate)),
  parentEmail: blank(v.parentEmail) ? null : text(v.parentEmail).trim(),
});

const BIRTH_DATE_MESSAGES = { invalid: MESSAGES.birthDateInvalid, future: MESSAGES.birthDateFuture, "too-old": MESSAGES.birthDateTooOld } as const;

export const SignupSchema = z
  .object({
    fullName: z.string().optional().transform((v) => (v === undefined ? v : stripBidiControls(v))),
    email: z.string().optional(),
    password: z.string().optional(),
    redirectTo: z.string().optional(),
    ...birthFields,
  })
  .superRefine((v, ctx) => {
    if (blank(v.fullName) || blank(v.email) || blank(v.password) || blank(v.birthDate)) {
      ctx.addIssue({ code: "custom", path: [], message: msgText(MESSAGES.signupRequired) });
      return;
    }
    if (text(v.fullName).trim().length > ACCOUNT_MAX.fullName) ctx.addIssue({ code: "custom", path: ["fullName"], message: msgText(MESSAGES.nameTooLong) });
    if (!isEmail(text(v.email).trim())) ctx.addIssue({ code: "custom", path: ["email"], message: msgText(MESSAGES.emailInvalid) });
    checkBirthFields(v, ctx);
    checkNewPassword(text(v.password), ["password"], ctx);
  })
  .transform((v) => ({ fullName: text(v.fullName).trim(), email: text(v.email).trim(), password: text(v.password), redirectTo: v.redirectTo, ...birthValues(v) }));

/** The contest page's guest form: an e-mail and a password, for signing in or up. */
/** The contest page's guest form: e-mail and password sign in; with a full name they also create the account. */
export const ContestJoinSchema = z
  .object({ fullName: z.string().optional().transform((v) => (v === undefined ? v : stripBidiControls(v))), email: z.string().optional(), password: z.string().optional(), ...birthFields })
  .superRefine((v, ctx) => {
    if (blank(v.email) || blank(v.password)) {
      ctx.addIssue({ code: "custom", path: [], message: msgText(MESSAGES.loginRequired) });
    } else if (!isEmail(text(v.email).trim())) {
      ctx.addIssue({ code: "custom", path: ["email"], message: msgText(MESSAGES.emailInvalid) });
    }
    if (text(v.fullName).trim().length > ACCOUNT_MAX.fullName) ctx.addIssue({ code: "custom", path: ["fullName"], message: msgText(MESSAGES.nameTooLong) });
    checkBirthFields(v, ctx);
  })
  .transform((v) => ({ fullName: text(v.fullName).trim(), email: text(v.email).trim(), password: text(v.password), ...birthValues(v) }));

export const ForgotPasswordSchema = z
  .object({ email: z.string().optional() })
  .superRefine((v, ctx) => {
    if (blank(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: msgText(MESSAGES.forgotRequired) });
    else if (!isEmail(text(v.email).trim())) ctx.addIssue({ code: "custom", path: ["email"], message: msgText(MESSAGES.emailInvalid) });
  })
  .transform((v) => ({ email: text(v.email).trim() }));

export const ResetPasswordSchema = z
  .object({
    token: z.string().optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
    // Asked only when the reset starts an account over (issue 65, point 2; account.server.ts decides).
    ...birthFields,
  })
  .superRefine((v, ctx) => {
    // Spaces alone are no password, however many.
    if (blank(v.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: msgText(MESSAGES.passwordRequired) });
      return;
    }
    checkNewPassword(text(v.password), ["password"], ctx);
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: msgText(MESSAGES.passwordsDiffer) });
    }
    checkBirthFields(v, ctx);
  })
  .transform((v) => ({ token: text(v.token), password: text(v.password), ...birthValues(v) }));

/** The button of the link mailed to a sign-up's address (routes/confirm.$token.tsx). */
export const ConfirmAddressSchema = z.object({ intent: z.literal("confirm") });

function checkNewPassword(password: string, path: string[], ctx: z.RefinementCtx) {
  if (password.length > MAX_PASSWORD_LENGTH) {
    ctx.addIssue({ code: "custom", path, message: msgText(MESSAGES.passwordTooLong) });
  } else if (passwordScore(password) < MIN_PASSWORD_SCORE) {
    ctx.addIssue({ code: "custom", path, message: msgText(MESSAGES.passwordWeak) });
  }
}

/** The profile on /account (docs/product/design.md §7): the name leaderboards and the seller block show, phone and address. */
export const ProfileSchema = z
  .object({
    intent: z.literal("profile"),
    fullName: z.string().optional().transform((v) => (v === undefined ? v : stripBidiControls(v))),
    phone: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    pincode: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (blank(v.fullName)) ctx.addIssue({ code: "custom", path: ["fullName"], message: msgText(ACCOUNT_MESSAGES.nameRequired) });
    else if (text(v.fullName).trim().length > ACCOUNT_MAX.fullName) ctx.addIssue({ code: "custom", path: ["fullName"], message: msgText(MESSAGES.nameTooLong) });
    if (!blank(v.phone) && (text(v.phone).length > ACCOUNT_MAX.phone || !normalizePhone(text(v.phone)))) ctx.addIssue({ code: "custom", path: ["phone"], message: msgText(ACCOUNT_MESSAGES.phoneInvalid) });
    if (text(v.address).trim().length > ACCOUNT_MAX.address) ctx.addIssue({ code: "custom", path: ["address"], message: msgText(ACCOUNT_MESSAGES.addressTooLong) });
    if (text(v.city).trim().length > ACCOUNT_MAX.city) ctx.addIssue({ code: "custom", path: ["city"], message: msgText(ACCOUNT_MESSAGES.cityTooLong) });
    // Whether six digits are a pincode at all is the directory's to say (the action asks it).
    if (!blank(v.pincode) && !PINCODE_SHAPE.test(text(v.pincode).trim())) ctx.addIssue({ code: "custom", path: ["pincode"], message: msgText(ACCOUNT_MESSAGES.pincodeShape) });
  })
  .transform((v) => ({
    fullName: text(v.fullName).trim(),
    phone: blank(v.phone) ? null : normalizePhone(text(v.phone)),
    address: blank(v.address) ? null : text(v.address).trim(),
    city: blank(v.city) ? null : stripBidiControls(text(v.city)).trim(),
    pincode: blank(v.pincode) ? null : text(v.pincode).trim(),
  }));

/**
 * The choice on /account of the name the Hall of Champions and leaderboards show (issue 67,
 * point 5): ticked, the full name; not, a first name and an initial. A checkbox sends "on"
 * or nothing; anything else is not a tick. Whether the person may choose it (never under
 * 18) is the action's to say (choosePublicName).
 */
export const PublicNameSchema = z
  .object({ intent: z.literal("publicName"), publicFullName: z.string().optional() })
  .transform((v) => ({ showFullName: v.publicFullName === "on" }));

export const ChangePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string().optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (blank(v.currentPassword)) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: msgText(ACCOUNT_MESSAGES.currentRequired) });
    if (blank(v.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: msgText(MESSAGES.passwordRequired) });
      return;
    }
    checkNewPassword(text(v.password), ["password"], ctx);
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: msgText(MESSAGES.passwordsDiffer) });
  })
  .transform((v) => ({ currentPassword: text(v.currentPassword).slice(0, MAX_PASSWORD_LENGTH), password: text(v.password) }));

/** Erasing one's own account (/account/data): the password, so a session left open cannot do it. */
export const EraseAccountSchema = z
  .object({ intent: z.literal("erase"), password: z.string().optional() })
  .superRefine((v, ctx) => {
    if (blank(v.password)) ctx.addIssue({ code: "custom", path: ["password"], message: msgText(ACCOUNT_MESSAGES.currentRequired) });
  })
  .transform((v) => ({ password: text(v.password).slice(0, MAX_PASSWORD_LENGTH) }));

/** A parent's answer on /consent/{token}: consenting needs the declaration, withdrawing the acknowledgement. */
export const ConsentAnswerSchema = z
  .object({ intent: z.enum(["consent", "refuse", "withdraw", "digilocker", "account"]), declare: z.string().optional(), understand: z.string().optional(), snapshots: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.intent === "consent" && v.declare !== "on") ctx.addIssue({ code: "custom", path: ["declare"], message: msgText({ id: "consent.declareRequired" }) });
    if (v.intent === "withdraw" && v.understand !== "on") ctx.addIssue({ code: "custom", path: ["understand"], message: msgText({ id: "consent.withdrawConfirmRequired" }) });
  })
  .transform((v) => ({ intent: v.intent, snapshots: v.snapshots === "on" }));

/** The built-in DigiLocker stand-in's sign-in page (routes/digilocker.stand-in.tsx): OAuth's authorisation request, and who signs in. */
const oauthField = z.string().max(300);
export const StandInRequestSchema = z.object({
  response_type: oauthField,
  client_id: oauthField,
  redirect_uri: oauthField,
  state: oauthField,
  code_challenge: oauthField,
  code_challenge_method: oauthField,
});
export const StandInSignInSchema = StandInRequestSchema.extend({ who: z.enum(["adult", "minor", "cancel"]) });
