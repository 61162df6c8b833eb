// How a person's name is shown (the header's avatar, greetings).

/** 'Asha Rao' → 'A'; no name → first letter of the e-mail. */
export function avatarInitial(fullName: string | null | undefined, email: string) {
  const source = fullName?.trim() || email;
  return (source[0] ?? "?").toUpperCase();
}

/** The greeting name: full name, else the part of the e-mail before the @. */
export function displayName(fullName: string | null | undefined, email: string) {
  return fullName?.trim() || email.split("@")[0] || email;
}
