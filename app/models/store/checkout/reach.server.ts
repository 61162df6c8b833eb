// Whether a courier reaches the buyer's PIN code from every seller of the cart, and can
// collect cash there (issue 49, point 3; docs/decisions/marketplace-carriers.md), said on the
// payment step before anything is paid. Each seller's pickup PIN code is asked once; a
// carrier that does not answer (or a seller with no PIN code yet) leaves that part unknown,
// and an unknown never refuses anything: the seller may still send it by India Post.
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { marketplace_products, profiles, user_cart } from "~/db/schema";
import type { Carrier } from "~/models/store/orders/carriers.server";

/** true or false when every answer agrees enough to say so; null when some part is unknown. */
export type Reach = { served: boolean | null; cod: boolean | null };

export async function carrierReach(db: DbOrTx, carrier: Carrier | null, userId: string, to: string): Promise<Reach | null> {
  if (!carrier) return null;
  const sellers = await db
    .selectDistinct({ pincode: profiles.pincode })
    .from(user_cart)
    .innerJoin(marketplace_products, eq(marketplace_products.id, user_cart.product_id))
    .leftJoin(profiles, eq(profiles.id, marketplace_products.seller_id))
    .where(sql`${user_cart.user_id} = ${userId}`);
  if (sellers.length === 0) return null;
  const answers = await Promise.all(sellers.map(({ pincode }) => (carrier.needsPickup && !pincode ? null : carrier.serves(db, { from: pincode, to }).catch(() => null))));
  const all = (yes: (a: { served: boolean; cod: boolean }) => boolean) => (answers.some((a) => a && !yes(a)) ? false : answers.every((a) => a) ? true : null);
  return { served: all((a) => a.served), cod: all((a) => a.cod) };
}
