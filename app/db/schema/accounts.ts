// Accounts: users, their profiles and sessions, reset tokens, rate-limit counters and
// the secrets every instance shares.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns";

/** A column naming the user a row describes: it goes with it (cascade). */
export const userRef = (name: string) => uuid(name).notNull().references(() => users.id, { onDelete: "cascade" });

export const users = pgTable(
  "users",
  {
    id: id(),
    // Stored lower-cased and trimmed (see app/utils/email.ts), so a plain unique index suffices.
    email: text("email").notNull().unique(),
    password_hash: text("password_hash").notNull(),
    created_at: createdAt(),
    // The language the user last chose (signing up, logging in, the switch): their mails are written in it.
    locale: text("locale").notNull().default("en"),
    // When the person erased their account (models/accounts/personal-data.server.ts): the row
    // stays, with no personal data, so the money records and ranks that name it stay whole.
    erased_at: time("erased_at"),
    // Asked at sign-up (issue 46, point 4): under 18 the account waits for a parent's
    // consent (models/accounts/parents/parental-consent.server.ts). Accounts made before it was
    // asked have none (docs/decisions/privacy-personal-data.md, "Minors").
    birth_date: date("birth_date", { mode: "string" }),
    // When someone showed they read this address's mail (issue 65, point 2): a mailed link
    // opened, or a password reset. Until then the account never blocks the address: the
    // owner's sign-up or reset starts it over (models/accounts/address-proof.server.ts).
    email_proven_at: time("email_proven_at"),
    // A person who reviews proctored entries and decides appeals (docs/admin-sql.md, "Reviewers"): set by an admin in SQL.
    is_reviewer: boolean("is_reviewer").notNull().default(false),
    // A parent showed once through DigiLocker that they are 18 or older while signed in here (issue 67, point 2;
    // docs/decisions/privacy-parent-verified.md): they may consent for a child from this account. Only the time and
    // the SHA-256 of the issuer and DigiLocker's subject id are kept, never the date of birth or a name.
    adult_verified_at: time("adult_verified_at"),
    adult_subject_hash: text("adult_subject_hash"),
  },
  (t) => [check("users_locale_known", sql`${t.locale} IN ('en', 'hi')`)],
);

// A parent's answer for an account under 18 (docs/decisions/privacy-personal-data.md, "Minors").
// The link mailed to the parent carries a random token; the row keeps only its SHA-256.
// The same link consents, refuses, or later withdraws.
export const parental_consents = pgTable(
  "parental_consents",
  {
    id: id(),
    user_id: userRef("user_id").unique(),
    parent_email: text("parent_email").notNull(),
    token_hash: text("token_hash").notNull().unique(),
    // The version of the words the parent read (consentTextVersion() when asked and when answered).
    text_version: text("text_version").notNull(),
    asked_at: time("asked_at").notNull(),
    expires_at: time("expires_at").notNull(),
    consented_at: time("consented_at"),
    withdrawn_at: time("withdrawn_at"),
    // The parent also agreed that a snapshot is kept with each proctoring flag (issue 47, point 3).
    evidence_agreed: boolean("evidence_agreed").notNull().default(false),
    // How the parent was shown to be an adult (issue 67, point 2; docs/decisions/privacy-parent-verified.md):
    // 'digilocker' (signed in there), 'account' (a StudyArena account DigiLocker verified before) or 'off'
    // (PARENTAL_CONSENT_VERIFY=off). Set before consenting; the hash is SHA-256 of the issuer and subject id.
    verified_by: text("verified_by"),
    verified_subject_hash: text("verified_subject_hash"),
    verified_issuer: text("verified_issuer"),
    verified_at: time("verified_at"),
  },
  (t) => [
    index("parental_consents_expires_at_idx").on(t.expires_at),
    check("parental_consents_withdrawn_after_consent", sql`${t.withdrawn_at} IS NULL OR ${t.consented_at} IS NOT NULL`),
    check("parental_consents_verified_by_known", sql`${t.verified_by} IS NULL OR ${t.verified_by} IN ('digilocker', 'account', 'off')`),
  ],
);

// A DigiLocker sign-in under way for one consent (docs/decisions/privacy-parent-verified.md): the state's SHA-256,
// the PKCE verifier, a 10-minute life. The callback deletes it whatever it finds, so each state is used once.
export const consent_verifications = pgTable(
  "consent_verifications",
  {
    id: id(),
    consent_id: uuid("consent_id")
      .notNull()
      .references(() => parental_consents.id, { onDelete: "cascade" }),
    state_hash: text("state_hash").notNull().unique(),
    code_verifier: text("code_verifier").notNull(),
    // The SHA-256 of the browser key in the starting browser's cookie: a callback from another browser is refused.
    browser_hash: text("browser_hash").notNull(),
    // The StudyArena account signed in when it started, if any: it is marked a verified adult too.
    account_id: uuid("account_id").references(() => users.id, { onDelete: "cascade" }),
    expires_at: time("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("consent_verifications_consent_idx").on(t.consent_id), index("consent_verifications_expires_idx").on(t.expires_at)],
);

export const profiles = pgTable("profiles", {
  id: uuid("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  full_name: text("full_name"),
  // Whether the Hall of Champions and leaderboards show the full name (issue 67, point 5);
  // off, the default, they show a first name and an initial. A minor's full name is never
  // shown whatever this says (publicName in app/models/accounts/public-name.ts).
  public_full_name: boolean("public_full_name").notNull().default(false),
  avatar_url: text("avatar_url"),
  // Who sees what (docs/decisions/platform-holes-an-attacker-found.md, "Who sees a seller's details"): the name and city are
  // public on listings; the phone reaches a buyer only for their own open order; the
  // address and e-mail never reach another user.
  phone: text("phone"),
  address: text("address"),
  city: text("city"),
  // Where a courier picks up the seller's parcels (issue 49, point 2): a pincode of the directory, never shown to another user.
  pincode: text("pincode"),
  created_at: createdAt(),
});

// The cookie holds a signed random token; the row keeps only its SHA-256, so a leaked
// table cannot be replayed. Deleting the row ends the session everywhere.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    user_id: userRef("user_id"),
    expires_at: time("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id), index("sessions_expires_at_idx").on(t.expires_at)],
);

export const password_reset_tokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    user_id: userRef("user_id"),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: time("expires_at").notNull(),
    used_at: time("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.user_id)],
);

// A link mailed to an account's address (issue 65, point 2): opening it proves the address
// and applies the sign-up it carries. `restart`: a later sign-up over an account whose
// address was never proven, which it starts over; otherwise the account's own first sign-up
// (under 18: the parent is asked only once it is opened). The row keeps the token's SHA-256.
export const address_proofs = pgTable(
  "address_proofs",
  {
    id: id(),
    user_id: userRef("user_id"),
    token_hash: text("token_hash").notNull().unique(),
    restart: boolean("restart").notNull(),
    password_hash: text("password_hash"),
    full_name: text("full_name"),
    birth_date: date("birth_date", { mode: "string" }),
    parent_email: text("parent_email"),
    locale: text("locale").notNull().default("en"),
    created_at: createdAt(),
    expires_at: time("expires_at").notNull(),
  },
  (t) => [index("address_proofs_user_id_idx").on(t.user_id), check("address_proofs_locale_known", sql`${t.locale} IN ('en', 'hi')`)],
);

// What a person agreed to (issue 67, point 7): the versions of the terms and the privacy
// policy (models/accounts/agreements/policy-versions.ts) and when, one row per agreement:
// at sign-up, or asked on /account/agree once a version changed. The newest row counts;
// the older ones say what was agreed before. An account with none is from before versions
// (docs/decisions/accounts-policy-versions.md).
export const policy_agreements = pgTable(
  "policy_agreements",
  {
    id: id(),
    user_id: userRef("user_id"),
    terms_version: integer("terms_version").notNull(),
    privacy_version: integer("privacy_version").notNull(),
    agreed_at: time("agreed_at").notNull(),
    via: text("via").notNull(),
  },
  (t) => [
    index("policy_agreements_user_id_idx").on(t.user_id, t.agreed_at),
    check("policy_agreements_via_known", sql`${t.via} IN ('signup', 'asked')`),
    check("policy_agreements_versions_positive", sql`${t.terms_version} >= 1 AND ${t.privacy_version} >= 1`),
  ],
);

// Fixed-window counters keyed like "login:ip:1.2.3.4". Kept in Postgres so that every
// app instance shares them.
// Secrets every app instance must share, generated once by whichever instance starts
// first (today: the session secret, when SESSION_SECRET is not set).
export const app_secrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: createdAt(),
});

export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  reset_at: time("reset_at").notNull(),
});
