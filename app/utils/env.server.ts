import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";

// All configuration is read here, validated once with zod, so the README's table of
// variables has one place to stay true to. A bad value stops the start with a
// message that names the variable.

export const MIN_SECRET_LENGTH = 32;

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: optional,
  DATABASE_URL: optional,
  DATABASE_POOL_SIZE: optional.pipe(z.coerce.number().int().min(1).max(500).default(10)),
  DATA_DIR: optional.transform((v) => path.resolve(v ?? ".data")),
  PORT: optional.pipe(z.coerce.number().int().min(1).max(65_535).default(3000)),
  APP_URL: optional.pipe(
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
      .optional(),
  ),
  // Comma-separated: the first signs, all verify, so a secret can be rotated.
  SESSION_SECRET: optional.pipe(
    z
      .string()
      .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
      .refine((list) => list.length > 0 && list.every((s) => s.length >= MIN_SECRET_LENGTH), {
        message: `each comma-separated secret must be at least ${MIN_SECRET_LENGTH} characters`,
      })
      .optional(),
  ),
  SUPPORT_EMAIL: optional.pipe(z.string().email().default("support@studyarena.in")),
  // Shown only when set: no invented phone number or street address.
  SUPPORT_PHONE: optional.pipe(z.string().max(40).optional()),
  SUPPORT_ADDRESS: optional.pipe(z.string().max(200).optional()),
  // Who runs the site and hears complaints (docs/decisions/support-complaints.md): the Consumer Protection
  // (E-Commerce) Rules, 2020 ask for the entity's legal name and address and a grievance officer's name and
  // contact. Required in production (below); elsewhere OPERATOR_DEMO stands in, saying it is a demo.
  OPERATOR_LEGAL_NAME: optional.pipe(z.string().max(200).optional()),
  OPERATOR_ADDRESS: optional.pipe(z.string().max(300).optional()),
  GRIEVANCE_OFFICER_NAME: optional.pipe(z.string().max(100).optional()),
  GRIEVANCE_OFFICER_EMAIL: optional.pipe(z.string().email().optional()),
  GRIEVANCE_OFFICER_PHONE: optional.pipe(z.string().max(40).optional()),
  EMAIL_FROM: optional.pipe(z.string().default("StudyArena <no-reply@studyarena.in>")),
  // How many proxies in front of the app are trusted with X-Forwarded-For (README: 1 behind nginx).
  TRUST_PROXY: optional.pipe(z.coerce.number({ message: "the number of proxies in front of the app, such as 1" }).int().min(0).max(10).optional()),
  RESEND_API_KEY: optional,
  // Resend's API origin (the SDK's default when unset); a local stand-in in tests.
  RESEND_BASE_URL: optional.pipe(z.string().url().optional()),
  RAZORPAY_KEY_ID: optional,
  RAZORPAY_KEY_SECRET: optional,
  RAZORPAY_WEBHOOK_SECRET: optional,
  // RazorpayX (prize payouts): the business account money is paid from, and the secret of its payouts webhook.
  RAZORPAYX_ACCOUNT_NUMBER: optional.pipe(z.string().regex(/^[0-9]{6,30}$/, "the RazorpayX account number, digits only").optional()),
  RAZORPAYX_WEBHOOK_SECRET: optional,
  // The marketplace's limits (docs/decisions/marketplace-cash-on-delivery-limits.md, "Cash on delivery can't be abused"): copies of one listing in a cart,
  // and per buyer the cash-on-delivery orders not yet shipped and one such order's value in rupees.
  CART_MAX_COPIES: optional.pipe(z.coerce.number().int().min(1).max(1000).default(5)),
  COD_MAX_OPEN_ORDERS: optional.pipe(z.coerce.number().int().min(0).max(100).default(2)),
  COD_MAX_ORDER_VALUE: optional.pipe(z.coerce.number().int().min(0).max(10_000_000).default(5000)),
  // A deposit paid online for cash on delivery (docs/decisions/marketplace-cod-deposit.md), in rupees: 0 (the default) is none;
  // COD_DEPOSIT_ABOVE asks it only of orders worth more than that.
  COD_DEPOSIT: optional.pipe(z.coerce.number().int().min(0).max(1000).default(0)),
  COD_DEPOSIT_ABOVE: optional.pipe(z.coerce.number().int().min(0).max(10_000_000).default(0)),
  // An order's life (docs/decisions/marketplace-order-life.md, "An order has a life"): a cash-on-delivery line not shipped within this many
  // days of its buyer's confirmation, or a prepaid line within this many of its payment, is cancelled (copies back, a prepaid line
  // refunded); a shipped line the buyer has not confirmed counts as delivered after this many.
  COD_SHIP_WITHIN_DAYS: optional.pipe(z.coerce.number().int().min(1).max(60).default(5)),
  PREPAID_SHIP_WITHIN_DAYS: optional.pipe(z.coerce.number().int().min(1).max(60).default(10)),
  // The built-in test carrier (docs/decisions/marketplace-carriers.md): minutes between its parcel's states.
  TEST_CARRIER_STEP_MINUTES: optional.pipe(z.coerce.number().min(0.01).max(24 * 60).default(30)),
  // Shiprocket (docs/decisions/marketplace-carriers.md): its API user, its API's origin (a local stand-in in tests), and the
  // token its tracking webhook sends in x-api-key (unset: no webhook route; the poll still runs).
  SHIPROCKET_EMAIL: optional.pipe(z.string().email().optional()),
  SHIPROCKET_PASSWORD: optional,
  SHIPROCKET_BASE_URL: optional.pipe(z.string().url().default("https://apiv2.shiprocket.in")),
  SHIPROCKET_WEBHOOK_TOKEN: optional.pipe(z.string().min(16, "at least 16 characters").optional()),
  ORDER_AUTO_DELIVER_DAYS: optional.pipe(z.coerce.number().int().min(1).max(60).default(10)),
  // Sellers' earnings (docs/decisions/money-seller-earnings.md, "Sellers get paid"): the marketplace's commission on a prepaid line, in per
  // cent of its price, and how many days apart a seller's earnings are paid out on their own (a seller may ask sooner).
  MARKETPLACE_COMMISSION_PERCENT: optional.pipe(z.coerce.number().min(0).max(50).default(0)),
  SELLER_PAYOUT_EVERY_DAYS: optional.pipe(z.coerce.number().int().min(1).max(60).default(7)),
  // How often each instance sends due refunds and prize payouts, and polls payouts on their way.
  MONEY_OUT_INTERVAL_MS: optional.pipe(z.coerce.number().int().min(200).max(3_600_000).default(30_000)),
  // Hours a change of payout details holds payouts to the new details (docs/decisions/money-payout-details.md, "Payout details"): the
  // owner, mailed at every change, has that long to stop a change they did not make. 0 sends at once.
  PAYOUT_DETAILS_HOLD_HOURS: optional.pipe(z.coerce.number().min(0).max(720).default(24)),
  // The sealed paper (docs/decisions/contests-shift-sealed-paper.md): minutes before a contest's start from which its
  // test page downloads the encrypted paper, spread over that time.
  PAPER_SEAL_MINUTES: optional.pipe(z.coerce.number().int().min(2).max(24 * 60).default(30)),
  // The secret of the key links (app/models/contests/paper/sealed-paper.server.ts) that nginx checks in front of the
  // instances (deploy/nginx.conf, studyarena-key-link.conf): the same on every instance and in nginx. Unset, one is derived
  // from the session secret (one instance, no proxy).
  KEY_LINK_SECRET: optional.pipe(z.string().min(MIN_SECRET_LENGTH).regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only (nginx's configuration quotes it)").optional()),
  // When we fail (docs/decisions/contests-shift-when-we-fail.md): an outage longer than this many minutes during a
  // student's test offers a re-test or, for a paid entry, a refund, besides the time given back.
  OUTAGE_RETEST_MINUTES: optional.pipe(z.coerce.number().int().min(1).max(600).default(30)),
  // Contests with an entry fee and cash prizes (docs/decisions/contests-lawful-kinds.md): only where the law
  // allows them; not in India since 1 May 2026 (the Online Gaming Act's Rules). Off, they are listed as unavailable.
  PAID_PRIZE_CONTESTS: optional.pipe(z.enum(["on", "off"]).default("off")),
  // A parent's consent for anyone under 18 (docs/decisions/privacy-personal-data.md, "Minors"): the Digital Personal
  // Data Protection Rules, 2025 require it in India; an operator outside India may turn it off.
  PARENTAL_CONSENT: optional.pipe(z.enum(["on", "off"]).default("on")),
  // Whether the camera and the face check watch a test-taker under 18 (docs/decisions/privacy-minors-not-filmed.md):
  // the DPDP Act, s.9(3), forbids behavioural monitoring of children save by an educational institution, so `off`
  // by default; `institution` (an operator that is one) films minors as adults, with their parent's agreement.
  MINORS_PROCTORING: optional.pipe(z.enum(["off", "institution"]).default("off")),
  // How a parent shows they are an adult before consenting (docs/decisions/privacy-parent-verified.md): `on`, through
  // DigiLocker or an account it verified (the DPDP Rules, rule 10); `off` only outside India (the parent's word).
  PARENTAL_CONSENT_VERIFY: optional.pipe(z.enum(["on", "off"]).default("on")),
  // DigiLocker's OAuth client (app/models/accounts/parents/digilocker.server.ts): both or neither. Without them the built-in
  // stand-in serves, on the embedded database or with DIGILOCKER_STAND_IN=on; elsewhere verification is unavailable.
  DIGILOCKER_CLIENT_ID: optional.pipe(z.string().max(200).optional()),
  DIGILOCKER_CLIENT_SECRET: optional.pipe(z.string().max(500).optional()),
  DIGILOCKER_STAND_IN: optional.pipe(z.enum(["on", "off"]).optional()),
  // DigiLocker's origin; a local stand-in in tests of our own client code.
  DIGILOCKER_BASE_URL: optional.pipe(z.string().url().default("https://digilocker.meripehchaan.gov.in")),
  // Days proctoring evidence is kept after a contest's results are final (docs/decisions/privacy-personal-data.md).
  PROCTORING_EVIDENCE_DAYS: optional.pipe(z.coerce.number().int().min(1).max(365).default(30)),
  // `test` chooses the built-in test gateway explicitly (browser tests, demos on PostgreSQL).
  PAYMENT_GATEWAY: optional.pipe(z.enum(["razorpay", "test"]).optional()),
  // Tax withheld from a prize, in per cent: 30, the rate in force on online-game winnings (docs/decisions/money-tax-on-prizes.md).
  PRIZE_TAX_PERCENT: optional.pipe(z.coerce.number().min(0).max(100).default(30)),
  // A prize of at most this many rupees has no tax withheld. 0, the default, is the cautious reading of the
  // Income-tax Act, 2025 (no floor on net winnings from online games); see the same record.
  PRIZE_TAX_THRESHOLD: optional.pipe(z.coerce.number().int().min(0).max(10_000_000).default(0)),
  // The operator's tax deduction account number, on every winner's yearly tax statement. Unset, the statement
  // says it is not given yet, and start-up warns.
  OPERATOR_TAN: optional.pipe(z.string().toUpperCase().regex(/^[A-Z]{4}[0-9]{5}[A-Z]$/, "a TAN: four letters, five digits and a letter, such as DELA12345B").optional()),
  // Razorpay's API origin; a local stand-in in tests of our own client code.
  RAZORPAY_BASE_URL: optional.pipe(z.string().url().default("https://api.razorpay.com")),
  // The address the server listens on: unset, every interface; 127.0.0.1 behind a proxy on this machine.
  HOST: optional.pipe(z.string().regex(/^[0-9A-Za-z.:-]{1,253}$/, "an IP address or host name").optional()),
  SEED: optional.pipe(z.enum(["demo", "none"]).default("demo")),
  // The embedded database's psql socket (loopback only): on unless `off`; port 0 picks a free one.
  DATABASE_SOCKET: optional.pipe(z.enum(["on", "off"]).default("on")),
  DATABASE_SOCKET_PORT: optional.pipe(z.coerce.number().int().min(0).max(65_535).default(0)),
  // Open live-count streams one process holds at most (each is a socket and ~10 KB).
  LIVE_MAX_READERS: optional.pipe(z.coerce.number().int().min(1).max(100_000).default(5000)),
  // Logs (app/services/log.server.ts reads these before anything else starts; checked here).
  LOG_LEVEL: optional.pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
  LOG_FILE: optional,
  INSTANCE_ID: optional.pipe(z.string().max(64).optional()),
  // Graceful stop (app/server/main.server.ts): how long /healthz fails before the port closes, and how long requests may then take.
  SHUTDOWN_DELAY_MS: optional.pipe(z.coerce.number().int().min(0).max(120_000).default(0)),
  SHUTDOWN_TIMEOUT_MS: optional.pipe(z.coerce.number().int().min(100).max(600_000).default(10_000)),
  // Images in S3-compatible object storage (app/models/media/s3-storage.server.ts) instead of the database.
  S3_BUCKET: optional,
  S3_REGION: optional.pipe(z.string().default("ap-south-1")),
  // Another S3-compatible service (R2, MinIO, a local stand-in): its origin; path-style addressing.
  S3_ENDPOINT: optional.pipe(z.string().url().optional()),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PREFIX: optional.pipe(z.string().max(200).default("images/")),
  // How often each instance submits overdue tests and finalises ended contests (any instance may; the row lock makes it once).
  SWEEP_INTERVAL_MS: optional.pipe(z.coerce.number().int().min(200).max(3_600_000).default(30_000)),
}).superRefine((v, ctx) => {
  // Production is a public site: NODE_ENV=production with an https APP_URL (README, "In production").
  // `npm start`'s demo, the browser tests and the cluster serve in production mode over plain http
  // and keep OPERATOR_DEMO; a public site may not show a demo's operator.
  if (v.NODE_ENV !== "production" || !v.APP_URL?.startsWith("https://")) return;
  for (const name of OPERATOR_SETTINGS) {
    if (!v[name]) ctx.addIssue({ code: "custom", path: [name], message: "required in production (a public https APP_URL): the Consumer Protection (E-Commerce) Rules, 2020 ask for it" });
  }
});

const OPERATOR_SETTINGS = ["OPERATOR_LEGAL_NAME", "OPERATOR_ADDRESS", "GRIEVANCE_OFFICER_NAME", "GRIEVANCE_OFFICER_EMAIL", "GRIEVANCE_OFFICER_PHONE"] as const;

/** What stands in outside production: plainly a demo, so nobody takes it for a real entity. */
export const OPERATOR_DEMO = {
  legalName: "StudyArena Demo Operator (not a real company)",
  address: "Demo address, 1 Example Road, Bengaluru 560001, Karnataka, India",
  grievanceOfficer: { name: "Demo Grievance Officer", email: "grievance@studyarena.in", phone: "+91 80 0000 0000" },
} as const;

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Validates an environment; throws a message naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.refine((e) => !e.DIGILOCKER_CLIENT_ID === !e.DIGILOCKER_CLIENT_SECRET, {
    path: ["DIGILOCKER_CLIENT_ID"],
    message: "set both DIGILOCKER_CLIENT_ID and DIGILOCKER_CLIENT_SECRET, or neither",
  }).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`The environment is not valid:\n${lines.join("\n")}\nSee .env.example and the README.`);
  }
  return parsed.data;
}

/** The process's environment, validated on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export const dataDir = () => env().DATA_DIR;
export const port = () => env().PORT;
export const appUrl = () => (env().APP_URL ?? `http://localhost:${port()}`).replace(/\/+$/, "");
export const supportEmail = () => env().SUPPORT_EMAIL;
export const supportContact = () => ({ email: env().SUPPORT_EMAIL, phone: env().SUPPORT_PHONE ?? null, address: env().SUPPORT_ADDRESS ?? null });
export const emailFrom = () => env().EMAIL_FROM;
/** The operator and its grievance officer (footer, contact page, terms, mails): the settings, or OPERATOR_DEMO's. */
export const operatorDetails = () => {
  const e = env();
  const demo = OPERATOR_DEMO.grievanceOfficer;
  return {
    legalName: e.OPERATOR_LEGAL_NAME ?? OPERATOR_DEMO.legalName,
    address: e.OPERATOR_ADDRESS ?? OPERATOR_DEMO.address,
    grievanceOfficer: { name: e.GRIEVANCE_OFFICER_NAME ?? demo.name, email: e.GRIEVANCE_OFFICER_EMAIL ?? demo.email, phone: e.GRIEVANCE_OFFICER_PHONE ?? demo.phone },
  };
};
export const isProduction = () => env().NODE_ENV === "production";
export const isDevelopment = () => env().NODE_ENV === "development";
/** Which kinds of contest this operator offers (app/models/contests/catalogue/kinds.ts). */
export const contestOffer = () => ({ paidPrize: env().PAID_PRIZE_CONTESTS === "on" });

/** Whether an account under 18 waits for a parent's consent (app/models/accounts/parents/parental-consent.server.ts). */
export const parentalConsentRequired = () => env().PARENTAL_CONSENT === "on";

/** Whether a test-taker under 18 is filmed as an adult is (MINORS_PROCTORING=institution; off by default). */
export const minorsFilmed = () => env().MINORS_PROCTORING === "institution";

/** Whether a parent must show they are an adult before consenting (PARENTAL_CONSENT_VERIFY; on by default). */
export const parentVerified = () => env().PARENTAL_CONSENT_VERIFY === "on";

let sharedSecret: string | undefined;

/**
 * The secrets that sign cookies: SESSION_SECRET's list, or else one generated secret
 * that every instance on the same database shares (`loadSharedSecret` at start-up).
 */
export function sessionSecrets(): string[] {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  if (!sharedSecret) throw new Error("SESSION_SECRET is not set and no shared secret has been loaded from the database.");
  return [sharedSecret];
}

/** Called at start-up with a function that stores a new secret unless one exists, and returns the stored one. */
export async function loadSharedSecret(storeOnce: (candidate: string) => Promise<string>) {
  if (env().SESSION_SECRET) return;
  sharedSecret = await storeOnce(randomBytes(32).toString("base64url"));
}
