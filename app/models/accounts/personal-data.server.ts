// Every person's data in their own hands (issue 46, point 5; docs/decisions/privacy-personal-data.md):
// everything we hold about a person as one JSON file, and the erasure of their account.
// Erasure keeps the users row with no personal data in it: payments, refunds and payouts
// (the law keeps them) and results (so nobody's rank moves) still point at it.
//
// Each domain declares its own person data in one contract (issue 66, point 2): what goes
// into the download, what it still owes the person (which holds the erasure, with the
// message), and what erasure does to each of its tables. Sign-in serves every domain, so
// this module imports none (docs/architecture.md): the domains' contracts are registered
// by models/person-data.server.ts, and this module only composes them, with its own
// tables' contract (ACCOUNTS_PERSON_DATA) first. tests/integration/person-data-contracts.test.ts
// fails when a table of the catalog that holds a person is claimed by no contract, or by two.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx, type Tx } from "~/db/client.server";
import { checkCurrentPassword } from "~/models/accounts/profile.server";
import type { Msg } from "~/utils/i18n";

/** What erasure does to a table's rows of the person; "keep" names the law that keeps them, or why they are not the person's to erase. */
export type PersonTable = { erase: "delete" | "anonymise" | "keep"; law?: string; why: string };

/** The person being erased, as every contract's erasure receives them, read before anything changes. */
export type Erasing = { id: SQL; email: string; placeholder: SQL; now: Date };

/** Money or a thing still owed to or by the person: while `open` finds a row, the account cannot be erased. */
export type Owed = { reason: string; message: Msg; open: (me: SQL) => SQL };

export type PersonData = {
  domain: string;
  /** Every table of the domain that holds a person (by a key to users, a row keyed by one, or an address). */
  tables: Record<string, PersonTable>;
  /** The download's parts: each a SQL expression of JSON, under its key. */
  download: (me: SQL) => Record<string, SQL>;
  owed: Owed[];
  /** Runs in the erasure's transaction, after the users row is locked and nothing is owed. */
  erase: (tx: Tx, person: Erasing) => Promise<void>;
};

/** Each table's rows of the person, whole, less what is a secret of the system rather than data about them. */
export const rowsOfMine = (table: string, where: SQL, drop: string[] = []) =>
  sql`(SELECT coalesce(jsonb_agg(to_jsonb(t) ${sql.raw(drop.map((c) => `- '${c}'`).join(" "))}), '[]'::jsonb) FROM ${sql.raw(table)} t WHERE ${where})`;

/** Deletes the person's rows of each table keyed by `user_id`: a contract's erasure of what describes only them. */
export async function deleteRowsOf(tx: Tx, id: SQL, tables: string[]) {
  for (const table of tables) await tx.execute(sql`DELETE FROM ${sql.raw(table)} WHERE user_id = ${id}`);
}

/** The word written over a name, an address or a reason that erasure takes away; pages show it translated (unlessErased). */
export { ERASED } from "~/utils/names";

// The accounts' own tables. The users row and the profile are anonymised last, by
// eraseAccountNow itself, so every other contract still finds the person's address.
const ACCOUNTS_PERSON_DATA: PersonData = {
  domain: "accounts",
  tables: {
    users: { erase: "anonymise", why: "kept with no personal data: payments, refunds, payouts and results still point at it" },
    profiles: { erase: "anonymise", why: "every field emptied, the row kept with the users row" },
    sessions: { erase: "delete", why: "signed out everywhere" },
    password_reset_tokens: { erase: "delete", why: "describes only the person" },
    address_proofs: { erase: "delete", why: "a sign-up's details, mailed to the person's address" },
    parental_consents: { erase: "anonymise", why: "the record that a consent was given, how the parent was verified and when withdrawn, without the parent's address or DigiLocker id" },
    consent_verifications: { erase: "delete", why: "a DigiLocker sign-in under way for a consent (ten minutes at most)" },
    // Versions and times only (models/accounts/agreements/agreements.server.ts): what the account agreed to stays with it, as its payments do.
    policy_agreements: { erase: "keep", law: "the Digital Personal Data Protection Act, 2023, s. 6(10): we must be able to show the notice given and what was agreed", why: "which versions of the terms and privacy policy were agreed, and when; nothing else of the person" },
  },
  download: (me) => ({
    account: sql`(SELECT jsonb_build_object('email', u.email, 'language', u.locale, 'created_at', u.created_at) FROM users u WHERE u.id = ${me})`,
    profile: sql`(SELECT to_jsonb(p) - 'id' FROM profiles p WHERE p.id = ${me})`,
    sessions: sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('created_at', s.created_at, 'expires_at', s.expires_at)), '[]'::jsonb) FROM sessions s WHERE s.user_id = ${me})`,
    // A parent's consent for an account under 18 (models/accounts/parents/parental-consent.server.ts), less its link's hash.
    consents: rowsOfMine("parental_consents", sql`t.user_id = ${me}`, ["token_hash", "id", "user_id", "verified_subject_hash"]),
    // A link that proves the address (models/accounts/address-proof.server.ts): the sign-up it carries, less its hashes.
    address_proofs: rowsOfMine("address_proofs", sql`t.user_id = ${me}`, ["token_hash", "password_hash", "id", "user_id"]),
    // What they agreed to (issue 67, point 7): the versions of the terms and privacy policy, when, and how.
    agreements: rowsOfMine("policy_agreements", sql`t.user_id = ${me}`, ["id", "user_id"]),
  }),
  owed: [],
  erase: async (tx, { id }) => {
    await deleteRowsOf(tx, id, ["sessions", "password_reset_tokens", "address_proofs"]);
    await tx.execute(sql`DELETE FROM consent_verifications WHERE account_id = ${id} OR consent_id IN (SELECT c.id FROM parental_consents c WHERE c.user_id = ${id})`);
  },
};

let registered: PersonData[] | null = null;

/** The other domains' contracts, registered once at start-up by models/person-data.server.ts. */
export function registerPersonData(contracts: PersonData[]) {
  registered = contracts;
}

/** Every contract, the accounts' first; refused before registration, so no erasure ever runs with a domain left out. */
export function personDataContracts(): PersonData[] {
  if (!registered) throw new Error("No person data contracts registered: import ~/models/person-data.server at start-up");
  return [ACCOUNTS_PERSON_DATA, ...registered];
}

/** Everything we hold about the user, as one JSON document (their download). */
export async function exportPersonalData(db: DbOrTx, userId: string, now: Date) {
  const me = sql`${userId}::uuid`;
  const parts: Record<string, SQL> = {};
  for (const contract of personDataContracts()) {
    for (const [name, part] of Object.entries(contract.download(me))) {
      if (name in parts) throw new Error(`Two contracts give the download's ${name}`);
      parts[name] = part;
    }
  }
  const fields = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${name}::text, ${part}`),
    sql`, `,
  );
  const [row] = rowsOf<{ data: Record<string, unknown> }>(await db.execute(sql`SELECT jsonb_build_object(${fields}) AS data`));
  return { exported_at: now.toISOString(), ...row!.data };
}

/** `reason`: the password's ("wrong-password", "limited"), or an Owed's, said by owedMessage. */
export type ErasureResult = { ok: true } | { ok: false; reason: string };

/** What an Owed reason says to the person (its contract's message). */
export function owedMessage(reason: string): Msg | undefined {
  return personDataContracts()
    .flatMap((c) => c.owed)
    .find((o) => o.reason === reason)?.message;
}

/**
 * Erases the signed-in user's account, once they have given their password: personal
 * data goes at once; payment, refund and payout records stay with the name replaced;
 * results stay, nameless, so ranks do not change. Refused while money or an order is open.
 */
export async function eraseAccount(db: Db, input: { userId: string; password: string; now: Date }): Promise<ErasureResult> {
  const checked = await checkCurrentPassword(db, input.userId, input.password, input.now);
  if (checked !== "ok") return { ok: false, reason: checked === "limited" ? "limited" : "wrong-password" };
  return eraseAccountNow(db, input.userId, input.now);
}

/** The erasure itself, for the person once they gave their password, or for a parent who withdrew consent (parental-consent.server.ts). */
export async function eraseAccountNow(db: Db, userId: string, now: Date): Promise<ErasureResult> {
  const contracts = personDataContracts();
  return db.transaction(async (tx) => {
    const id = sql`${userId}::uuid`;
    // The row is locked first, so no checkout or payout starts for it while it goes.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${id} FOR UPDATE`);
    // What is owed, in one statement, said in the contracts' order (the first found is the message).
    const owed = contracts.flatMap((c) => c.owed);
    const checks = sql.join(
      owed.map((o, i) => sql`EXISTS (${o.open(id)}) AS ${sql.raw(`"o${i}"`)}`),
      sql`, `,
    );
    const [pending] = rowsOf<Record<string, boolean>>(await tx.execute(sql`SELECT ${checks}`));
    const first = owed.find((_, i) => pending![`o${i}`]);
    if (first) return { ok: false, reason: first.reason } as const;

    const [who] = rowsOf<{ email: string }>(await tx.execute(sql`SELECT email FROM users WHERE id = ${id}`));
    const person: Erasing = { id, email: who!.email, placeholder: sql`'erased-' || ${id}::text || '@erased.invalid'`, now };
    for (const contract of contracts) await contract.erase(tx, person);
    // Last, the account's own rows, once every contract has read the address.
    await tx.execute(sql`UPDATE parental_consents SET parent_email = ${person.placeholder}, verified_subject_hash = NULL WHERE user_id = ${id}`);
    await tx.execute(sql`UPDATE profiles SET email = ${person.placeholder}, full_name = NULL, public_full_name = false, phone = NULL, address = NULL, city = NULL, pincode = NULL, avatar_url = NULL WHERE id = ${id}`);
    // No password can match this hash, and the address is free to sign up with again.
    await tx.execute(sql`UPDATE users SET email = ${person.placeholder}, password_hash = '!erased', birth_date = NULL, adult_verified_at = NULL, adult_subject_hash = NULL, erased_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
    return { ok: true } as const;
  });
}

