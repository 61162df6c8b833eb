// How a person's name is shown (the header's avatar, greetings, a name erasure replaced).
// On public lists (the Hall of Champions, leaderboards) it is publicName's, in
// app/models/accounts/public-name.ts: a first name and an initial unless the person chose more.
import type { Translate } from "~/utils/i18n";

/**
 * The word erasure writes over a name, an address or the words a person wrote on rows
 * others keep (models/accounts/personal-data.server.ts and the domains' contracts). It is
 * stored in English, as every record is; a page shows it in the reader's language.
 */
export const ERASED = "Erased";

/** A stored value as a page shows it: the erased word translated, anything else as it is. */
export const unlessErased = <V extends string | null | undefined>(value: V, t: Translate): V | string => (value === ERASED ? t("common.erased") : value);

/** 'Asha Rao' → 'A'; no name → first letter of the e-mail. */
export function avatarInitial(fullName: string | null | undefined, email: string) {
  const source = fullName?.trim() || email;
  return (source[0] ?? "?").toUpperCase();
}

/** The greeting name: full name, else the part of the e-mail before the @. */
export function displayName(fullName: string | null | undefined, email: string) {
  return fullName?.trim() || email.split("@")[0] || email;
}
