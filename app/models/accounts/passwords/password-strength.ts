// docs/product/contests.md §5: one point each for non-empty, 8+ characters, an uppercase letter,
// a digit and a special character. Only the score is enforced (minimum 3).
export const MIN_PASSWORD_SCORE = 3;
export const MAX_PASSWORD_LENGTH = 256;

export function passwordScore(password: string): number {
  let score = 0;
  if (password.length > 0) score++;
  if (password.length >= 8) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

export type StrengthLabel = "Weak password" | "Good password" | "Strong password";

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 2) return "Weak password";
  if (score <= 4) return "Good password";
  return "Strong password";
}
