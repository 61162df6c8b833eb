// Money held at the gateway for someone until it is theirs (docs/decisions/money-held-until-delivery.md).
// The owner's domain says what it wants of a held amount, in its own transaction: held (at
// capture), released (nothing can be asked back any more) or reversed (a refund is owed
// from it). The sender, one job queue (~/services/jobs.server.ts) any instance runs, moves
// each row from what the gateway has done to that goal: a transfer on hold made, released,
// or reversed. Each step is recorded only if the row is still where the sender found it,
// and every gateway call may be made again, so retries, restarts and two instances move
// money once. A refund owed for the same reference waits until its money is reversed
// (./refunds.server.ts), so it is paid from the held money.
import { and, eq, inArray, sql } from "drizzle-orm";
import { errorText, type Db, type DbOrTx } from "~/db/client.server";
import { held_transfers } from "~/db/schema";
import { GatewayRefusal } from "~/models/payments/gateway.server";
import type { TransferGateway } from "~/models/payments/transfer-gateway.server";
import { inBackground } from "~/services/background.server";
import { enqueueEmail, kickOutbox, renderMail } from "~/services/email.server";
import { backoffMs, claimDue, type JobQueue } from "~/services/jobs.server";
import { log } from "~/services/log.server";
import { supportEmail } from "~/utils/env.server";
import { formatINR } from "~/utils/money";

type Held = typeof held_transfers.$inferSelect;

/** Holds `amount` for `recipientId` from a captured payment, once per reference (a capture recorded again adds nothing). In the capture's transaction. */
export async function holdFor(tx: DbOrTx, input: { reference: string; recipientId: string; gateway: "razorpay" | "test"; paymentId: string; accountId: string; amount: number; now: Date }) {
  if (input.amount <= 0) return false;
  const made = await tx
    .insert(held_transfers)
    .values({ reference: input.reference, recipient_id: input.recipientId, gateway: input.gateway, payment_id: input.paymentId, account_id: input.accountId, amount: input.amount, next_attempt_at: input.now, created_at: input.now })
    .onConflictDoNothing({ target: held_transfers.reference })
    .returning({ id: held_transfers.id });
  return made.length === 1;
}

/**
 * What the owner now wants of held money: `released` (it is the recipient's) or `reversed`
 * (a refund is paid from it). Only money still wanted held moves: released money is never
 * asked back, and reversed money is never released. One statement for many references. True when any moved.
 */
export async function wantHeld(tx: DbOrTx, reference: string | string[], goal: "released" | "reversed", now: Date) {
  const references = typeof reference === "string" ? [reference] : reference;
  if (references.length === 0) return false;
  const moved = await tx
    .update(held_transfers)
    .set({ goal, next_attempt_at: now })
    .where(and(inArray(held_transfers.reference, references), eq(held_transfers.goal, "held")))
    .returning({ id: held_transfers.id });
  return moved.length > 0;
}

/** Tries before a gateway that keeps failing to answer is left to a person. */
export const MAX_TRANSFER_ATTEMPTS = 10;

const queue = (gateway: TransferGateway["kind"]): JobQueue => ({
  table: sql`held_transfers`,
  waiting: sql`state <> goal AND failed_at IS NULL AND gateway = ${gateway}`,
  leaseMs: 2 * 60_000,
  alsoSet: sql`attempts = attempts + 1`,
  returning: sql`*`,
});

/**
 * The next step from where the gateway is to where the owner wants it, or null when it is
 * there. Money never held and now to be reversed needs no call, but only on its first
 * claim (`attempts` counts claims): after that, a worker that died may have held it at the
 * gateway unrecorded, so it is held (found by its reference) and then reversed.
 */
export function nextStep(row: Pick<Held, "state" | "goal" | "attempts">): "hold" | "release" | "reverse" | "nothing-to-reverse" | null {
  if (row.state === row.goal) return null;
  if (row.state === "none") return row.goal === "reversed" && row.attempts <= 1 ? "nothing-to-reverse" : "hold";
  if (row.state === "held") return row.goal === "released" ? "release" : row.goal === "reversed" ? "reverse" : null;
  return null;
}

/** Moves the due rows toward their goals; returns where each row taken got to, for logs and tests. */
export async function sendDueTransfers(db: Db, gateway: TransferGateway | null, now: Date, limit = 50) {
  if (!gateway) return [];
  const due = await claimDue<Record<string, unknown>>(db, queue(gateway.kind), now, limit);
  const outcomes: Array<{ id: string; state: Held["state"] | "retry" | "failed" }> = [];
  let failed = false;
  for (const raw of due) {
    let row = fromRaw(raw);
    try {
      let overtaken = false;
      for (let step = nextStep(row); step; step = nextStep(row)) {
        const moved = await take(db, gateway, row, step, now);
        if (!moved) {
          overtaken = true;
          break;
        }
        row = moved;
      }
      outcomes.push({ id: row.id, state: row.state });
      // Its goal changed while it moved (a cancel while it was being held): due again at once. Overtaken by
      // another sender (this one's lease ran out), it is that one's now.
      if (!overtaken) await db.update(held_transfers).set({ next_attempt_at: now, last_error: null }).where(and(eq(held_transfers.id, row.id), sql`${held_transfers.state} <> ${held_transfers.goal}`));
    } catch (error) {
      const final = error instanceof GatewayRefusal || row.attempts >= MAX_TRANSFER_ATTEMPTS;
      failed ||= final;
      await db.transaction(async (tx) => {
        await tx
          .update(held_transfers)
          .set(final ? { failed_at: now, last_error: errorText(error) } : { last_error: errorText(error), next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts, { baseMs: 30_000 })) })
          .where(eq(held_transfers.id, row.id));
        if (final) await tellSupport(tx, row, errorText(error));
      });
      if (final) log().error({ heldId: row.id, err: error }, "held money stuck");
      else log().warn({ heldId: row.id, err: error }, "held money: the gateway did not answer");
      outcomes.push({ id: row.id, state: final ? "failed" : "retry" });
    }
  }
  if (failed) kickOutbox();
  return outcomes;
}

/**
 * One step at the gateway, then recorded only if the gateway's side is still where it was
 * (else null: someone else moved it). The goal may have changed meanwhile (a cancel while
 * the transfer was being made): the step is recorded all the same, and the next one heads
 * for the new goal.
 */
async function take(db: Db, gateway: TransferGateway, row: Held, step: NonNullable<ReturnType<typeof nextStep>>, now: Date): Promise<Held | null> {
  const where = and(eq(held_transfers.id, row.id), eq(held_transfers.state, row.state));
  let set: Partial<Held>;
  if (step === "hold") {
    const { transferId } = await gateway.hold(db, { reference: row.reference, paymentId: row.payment_id, accountId: row.account_id, amount: row.amount });
    set = { state: "held", transfer_id: transferId, held_at: now };
  } else if (step === "release") {
    await gateway.release(db, row.transfer_id!);
    set = { state: "released", released_at: now };
  } else if (step === "reverse") {
    await gateway.reverse(db, { transferId: row.transfer_id!, amount: row.amount });
    set = { state: "reversed", reversed_at: now };
  } else set = { state: "reversed", reversed_at: now };
  const [moved] = await db.update(held_transfers).set(set).where(where).returning();
  return moved ?? null;
}

function fromRaw(raw: Record<string, unknown>): Held {
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    ...(raw as Held),
    amount: Number(raw.amount),
    attempts: Number(raw.attempts),
    held_at: at(raw.held_at),
    released_at: at(raw.released_at),
    reversed_at: at(raw.reversed_at),
    next_attempt_at: at(raw.next_attempt_at)!,
    failed_at: at(raw.failed_at),
    created_at: at(raw.created_at)!,
  };
}

async function tellSupport(tx: DbOrTx, row: Held, why: string) {
  await enqueueEmail(tx, {
    to: supportEmail(),
    subject: `[Held money stuck] ${row.reference}`,
    ...renderMail({
      heading: "The gateway refused to move held money",
      paragraphs: [
        `${formatINR(row.amount)} of payment ${row.payment_id}, held for account ${row.account_id} (${row.reference}), was to be ${row.goal} and is ${row.state === "none" ? "not yet held" : row.state}.`,
        `The gateway answered: ${why}. Please settle it in the gateway's dashboard, then mark the row as docs/admin-sql.md says.`,
      ],
    }),
  });
}

/** Moves what is due now, after the request that wanted it (a failure is left to the next run), then `after` (the refunds that waited for it). */
export function kickTransfers(db: Db, gateway: TransferGateway | null, after?: () => void) {
  inBackground("held money", async () => {
    await sendDueTransfers(db, gateway, new Date());
    after?.();
  });
}
