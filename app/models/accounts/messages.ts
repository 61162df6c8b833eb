// What the account forms say, without Zod: the pages import these, the schemas in
// schemas.ts (server only, where the forms are checked) use them too.
import { MAX_PASSWORD_LENGTH } from "~/models/accounts/passwords/password-strength";
import type { Msg } from "~/utils/i18n";

/** The account forms' field lengths, written once: the inputs' maxLength and the schemas read them. */
export const ACCOUNT_MAX = { fullName: 100, phone: 20, address: 300, city: 100, pincode: 6 } as const;

export const MESSAGES = {
  loginRequired: { id: "auth.error.loginRequired" },
  invalidCredentials: { id: "auth.error.invalidCredentials" },
  signupRequired: { id: "auth.error.signupRequired" },
  emailInvalid: { id: "auth.error.emailInvalid" },
  emailTaken: { id: "auth.error.emailTaken" },
  forgotRequired: { id: "auth.error.forgotRequired" },
  resetSent: { id: "auth.forgot.sent" },
  resetInvalid: { id: "auth.error.resetInvalid" },
  passwordsDiffer: { id: "auth.error.passwordsDiffer" },
  passwordWeak: { id: "auth.error.passwordWeak" },
  passwordTooLong: { id: "auth.error.passwordTooLong", values: { max: MAX_PASSWORD_LENGTH } },
  passwordRequired: { id: "auth.error.passwordRequired" },
  passwordUpdated: { id: "auth.reset.updated" },
  tooManyAttempts: { id: "auth.error.tooManyAttempts" },
  nameTooLong: { id: "auth.error.nameTooLong" },
  birthDateInvalid: { id: "auth.error.birthDateInvalid" },
  birthDateFuture: { id: "auth.error.birthDateFuture" },
  birthDateTooOld: { id: "auth.error.birthDateTooOld" },
  parentEmailRequired: { id: "auth.error.parentEmailRequired" },
  parentEmailSame: { id: "auth.error.parentEmailSame" },
  birthDateRequired: { id: "auth.error.birthDateRequired" },
} as const satisfies Record<string, Msg>;

/** An account under 18 waiting for its parent (models/accounts/parents/parental-consent.server.ts): whom we e-mailed. */
export function awaitingParentMessage(parentEmail: string | null): Msg {
  return parentEmail ? { id: "auth.error.awaitingParent", values: { parent: parentEmail } } : { id: "auth.error.awaitingParentUnasked" };
}

/** Why a sign-in is refused for an account under 18: its own address not yet proven, or its parent not yet agreed. */
export function waitingMessage(result: { reason: "awaiting-parent"; parentEmail: string | null } | { reason: "awaiting-proof"; email: string }): Msg {
  return result.reason === "awaiting-proof" ? { id: "auth.error.awaitingProof", values: { email: result.email } } : awaitingParentMessage(result.parentEmail);
}

/** A refused login says how long to wait (the same figure as its Retry-After header), in the visitor's language. */
export function tooManyAttemptsFor(seconds: number): Msg {
  if (seconds < 60) return { id: "auth.error.tooManyAttemptsFor", values: { seconds } };
  return { id: "auth.error.tooManyAttemptsForMinutes", values: { minutes: Math.ceil(seconds / 60) } };
}

export const ACCOUNT_MESSAGES = {
  nameRequired: { id: "account.nameRequired" },
  phoneInvalid: { id: "account.phoneInvalid" },
  addressTooLong: { id: "account.addressTooLong" },
  cityTooLong: { id: "account.cityTooLong" },
  pincodeShape: { id: "account.pincodeShape" },
  currentRequired: { id: "account.currentRequired" },
  currentWrong: { id: "account.currentWrong" },
  profileSaved: { id: "account.profileSaved" },
  publicNameSaved: { id: "account.publicName.saved" },
  publicNameMinor: { id: "account.publicName.minor" },
  passwordChanged: { id: "account.passwordChanged" },
  erased: { id: "account.data.erased" },
  erasePrizeWaiting: { id: "account.data.prizeWaiting" },
  eraseOpenPayout: { id: "account.data.openPayout" },
  eraseOpenRefund: { id: "account.data.openRefund" },
  eraseOpenOrder: { id: "account.data.openOrder" },
  eraseHeldMoney: { id: "account.data.heldMoney" },
} as const satisfies Record<string, Msg>;

/** Six digits India Post does not have, beside the pickup pincode. */
export const pincodeUnknown = (pincode: string): Msg => ({ id: "account.pincodeUnknown", values: { pincode } });

/** An Indian mobile number as people write it; stored as its 10 digits. */
export function normalizePhone(value: string) {
  const digits = value.replace(/[\s()-]/g, "").replace(/^(\+91|0091|0)/, "");
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}
