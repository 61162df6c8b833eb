import { hash, verify } from "@node-rs/argon2";

// OWASP's minimum for argon2id: 19 MiB, 2 iterations, parallelism 1.
// algorithm 2 = Argon2id (the package exports it as a const enum, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// At most two hashes at a time: a login flood must not starve a running contest of
// CPU (this runs on 2-core machines).
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string) {
  return limited(() => hash(password, OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string) {
  return limited(() => verify(passwordHash, password).catch(() => false));
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a miss does not reveal that the e-mail is unknown. */
export async function verifyAgainstNothing(password: string) {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
  return false;
}
