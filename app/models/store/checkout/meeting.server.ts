// Campus hand-over (issue 49, point 4): instead of a parcel, a buyer may meet the sellers
// when every seller of the cart lives in the buyer's city (the seller's profile city, the
// shipping form's city, compared without case, spaces or punctuation). The buyer's order
// then shows a 6-digit code per line, which the seller enters at the hand-over
// (models/store/orders/order-life.server.ts, sellerHandsOver).
import { randomInt } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { profiles } from "~/db/schema";

const cityKey = (city: string | null | undefined) => (city ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The buyer's city as they typed it when every seller of `sellerIds` lives there; else null (no meeting offered). */
export async function meetingCity(db: DbOrTx, sellerIds: Array<string | null>, buyerCity: string): Promise<string | null> {
  const ids = [...new Set(sellerIds)];
  const key = cityKey(buyerCity);
  if (!key || ids.length === 0 || ids.some((id) => id === null)) return null;
  const sellers = await db.select({ city: profiles.city }).from(profiles).where(inArray(profiles.id, ids as string[]));
  return sellers.length === ids.length && sellers.every((s) => cityKey(s.city) === key) ? buyerCity.trim() : null;
}

/** A line's hand-over code: six random digits, leading zeros kept. */
export const newHandoverCode = () => randomInt(0, 1_000_000).toString().padStart(6, "0");
