import { hash, verify } from "@node-rs/argon2";
import { createFairLimiter } from "~/utils/fair-queue";

// OWASP's minimum for argon2id: 19 MiB, 2 iterations, parallelism 1.
// algorithm 2 = Argon2id (the package exports it as a const enum, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export type HashKind = "login" | "signup" | "reset";

// At most two hashes at a time (these machines have 2 cores, and a running contest
// needs CPU), taken in turn by logins, sign-ups and resets, so a flood of one kind
// cannot make the others wait; past 200 waiting of one kind, more are refused.
const hashing = createFairLimiter<HashKind>({ concurrency: 2, kinds: ["login", "signup", "reset"], maxWaitingPerKind: 200 });

/** How many hashes each kind has started since the process began (for tests and monitoring). */
export const hashingStats = hashing.stats;

export function hashPassword(password: string, kind: HashKind) {
  return hashing.run(kind, () => hash(password, OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string) {
  return hashing.run("login", () => verify(passwordHash, password).catch(() => false));
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a miss does not reveal that the e-mail is unknown. */
export async function verifyAgainstNothing(password: string) {
  dummyHash ??= hash("not-a-real-password", OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
