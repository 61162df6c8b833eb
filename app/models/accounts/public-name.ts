// How a person's name reads on a public list (issue 67, point 5): the Hall of Champions and
// a contest's leaderboard. A first name and an initial ("Asha R.") unless the person chose
// their full name on /account; a minor's full name never, whatever the choice says (a
// choice made before the birth date was known, or a row written by hand). A certificate
// keeps the full name: its owner shares it (app/models/contests/results/certificates.server.ts).
// Pure, so the rule is one function every public list calls and a unit test reads.
import { isMinor } from "~/models/accounts/age";

/** What a public list reads of a person: profiles.full_name and public_full_name, users.birth_date. */
export type NamedPerson = { full_name: string | null; public_full_name: boolean | null; birth_date: string | null };

/** 'Asha Rao' → 'Asha R.'; 'Asha Kumari Rao' → 'Asha R.'; a single word stays as it is. */
export function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  if (words.length < 2) return words[0] ?? "";
  // The surname's first character (code point): a Devanagari surname's initial is its first letter, without its vowel sign.
  const initial = [...words[words.length - 1]!][0]!.toLocaleUpperCase("en-IN");
  return `${words[0]} ${initial}.`;
}

/** Whether this person may have their full name shown in public: never under 18. */
export const mayShowFullName = (birthDate: string | null, now: Date) => !isMinor(birthDate, now);

/** The name a public list shows, or null where the person gave none (the list says "student"). */
export function publicName(person: NamedPerson, now: Date): string | null {
  const name = person.full_name?.trim();
  if (!name) return null;
  return person.public_full_name === true && mayShowFullName(person.birth_date, now) ? name : shortName(name);
}
