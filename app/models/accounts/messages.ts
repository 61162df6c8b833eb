// What the account forms say, without Zod: the pages import these, the schemas in
// schemas.ts (server only, where the forms are checked) use them too.
import { MAX_PASSWORD_LENGTH } from "~/models/accounts/password-strength";
import type { Translate } from "~/utils/i18n";

/** The account forms' field lengths, written once: the inputs' maxLength and the schemas read them. */
export const ACCOUNT_MAX = { fullName: 100, phone: 20, address: 300, city: 100 } as const;

export const MESSAGES = {
  loginRequired: "Please fill in both email and password",
  invalidCredentials: "Invalid email or password",
  signupRequired: "All fields are required!",
  emailInvalid: "Please enter a valid email address",
  emailTaken: "An account with this email already exists. Please log in instead.",
  forgotRequired: "Please enter your email",
  resetSent: "Password reset link sent! Please check your inbox.",
  resetInvalid: "Reset link is invalid or expired",
  passwordsDiffer: "Passwords do not match",
  passwordWeak: "Password is too weak",
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  passwordRequired: "Please enter a new password",
  passwordUpdated: "Password updated successfully! Redirecting to login...",
  tooManyAttempts: "Too many attempts. Please wait a while and try again.",
  nameTooLong: "Full name must be at most 100 characters",
} as const;

/** A refused login says how long to wait (the same figure as its Retry-After header), in the visitor's language. */
export function tooManyAttemptsFor(seconds: number, t: Translate) {
  if (seconds < 60) return t("auth.error.tooManyAttemptsFor", { seconds });
  return t("auth.error.tooManyAttemptsForMinutes", { minutes: Math.ceil(seconds / 60) });
}

export const ACCOUNT_MESSAGES = {
  nameRequired: "Please enter your full name",
  phoneInvalid: "Enter a 10-digit mobile number (with +91 if you like)",
  addressTooLong: "Address must be at most 300 characters",
  cityTooLong: "City must be at most 100 characters",
  currentRequired: "Please enter your current password",
  currentWrong: "Your current password is not right",
  profileSaved: "Your details are saved.",
  passwordChanged: "Password changed. Other devices have been signed out.",
} as const;

/** An Indian mobile number as people write it; stored as its 10 digits. */
export function normalizePhone(value: string) {
  const digits = value.replace(/[\s()-]/g, "").replace(/^(\+91|0091|0)/, "");
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}
