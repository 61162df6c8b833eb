// Shiprocket's API as one of our carriers (issue 49, point 2; docs/decisions/marketplace-carriers.md):
// serviceability by pickup and delivery PIN code, a booking (the seller's pickup address, an
// order, its AWB, a pickup), the label, tracking by poll, and its tracking webhook read into
// our parcel states. A test points `baseUrl` at a local stand-in that speaks its API.
import { createHash } from "node:crypto";
import { sameSignature } from "~/models/payments/gateway.server";
import { CarrierRefusal, type Carrier } from "~/models/store/orders/carriers.server";
import type { ParcelReport, ParcelState } from "~/models/store/orders/shipments";
import { env } from "~/utils/env.server";

/** Shiprocket's shipment status ids ("sr-status") in our states; the ones not here (label made, pickup queued…) move nothing. */
const SR_STATES: Record<number, ParcelState> = {
  42: "picked_up",
  6: "in_transit",
  18: "in_transit",
  38: "in_transit",
  17: "out_for_delivery",
  21: "undelivered",
  9: "undelivered",
  14: "undelivered",
  7: "delivered",
  10: "returned_to_origin",
};

// Its times are India's, written "2026-11-27 14:05:00" (tracking) or "27 11 2026 14:05:00" (the webhook's current one).
function istToIso(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const dashed = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const spaced = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const [y, mo, d, h, mi, sec] = dashed ? dashed.slice(1) : spaced ? [spaced[3], spaced[2], spaced[1], spaced[4], spaced[5], spaced[6]] : [];
  if (!y) return null;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec ?? "00"}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** One of its scans (tracking's activities, the webhook's scans) as our report, or null when it moves nothing. */
function reportOf(scan: unknown): ParcelReport | null {
  if (!scan || typeof scan !== "object") return null;
  const { date, ["sr-status"]: id } = scan as Record<string, unknown>;
  const status = SR_STATES[Number(id)];
  const at = istToIso(date);
  return status && at ? { status, at } : null;
}

const reportsOf = (scans: unknown) => (Array.isArray(scans) ? scans.slice(0, 500).map(reportOf).filter((r): r is ParcelReport => r !== null) : []);

/**
 * Its tracking webhook's body in our words: the AWB and the reports its scans and current
 * status make, or null for a body that is not one. The token was checked first (shiprocketWebhookToken).
 */
export function readShiprocketWebhook(body: unknown): { awb: string; reports: ParcelReport[] } | null {
  if (!body || typeof body !== "object") return null;
  const { awb, scans, current_status_id, current_timestamp } = body as Record<string, unknown>;
  if ((typeof awb !== "string" && typeof awb !== "number") || !/^[A-Za-z0-9-]{4,40}$/.test(String(awb))) return null;
  const current = reportOf({ date: current_timestamp, "sr-status": current_status_id });
  return { awb: String(awb), reports: [...reportsOf(scans), ...(current ? [current] : [])] };
}

/** Whether a webhook carries the token set in Shiprocket's panel (its only proof of origin); null when none is set (the route then does not exist). */
export function shiprocketWebhookToken(): ((header: string | null) => boolean) | null {
  const token = env().SHIPROCKET_WEBHOOK_TOKEN;
  return token ? (header) => header !== null && sameSignature(token, header) : null;
}

const TIMEOUT_MS = 15_000;
/** Serviceability is asked at checkout, where a slow answer is no answer (the page says nothing rather than wait). */
const SERVES_TIMEOUT_MS = 3_000;
const SERVES_KEEP_MS = 60 * 60_000;
// A parcel of used books: half a kilo in a 25 × 20 × 5 cm packet, unless a listing ever says otherwise.
const PARCEL = { length: 25, breadth: 20, height: 5, weight: 0.5 };

/** Shiprocket's REST API at `baseUrl` under its API user (a JWT from its login, kept for nine of its ten days). */
export function shiprocketCarrier(email: string, password: string, baseUrl = env().SHIPROCKET_BASE_URL): Carrier {
  let token: { value: string; until: number } | null = null;
  const served = new Map<string, { answer: { served: boolean; cod: boolean }; until: number }>();

  async function login() {
    const res = await fetch(`${baseUrl}/v1/external/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }), signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await res.json().catch(() => ({}))) as { token?: unknown };
    if (!res.ok || typeof body.token !== "string") throw new Error(`Shiprocket login failed: ${res.status}`);
    token = { value: body.token, until: Date.now() + 9 * 24 * 3_600_000 };
    return token.value;
  }

  /** One call with the token (a new one once if it was refused); 4xx other than 401, 404 and 429 is a refusal, 5xx and the rest are worth trying later. */
  async function call(path: string, init: { method?: string; body?: object; timeoutMs?: number } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    for (let attempt = 0; ; attempt++) {
      const bearer = token && token.until > Date.now() ? token.value : await login();
      const res = await fetch(`${baseUrl}${path}`, {
        method: init.method ?? (init.body ? "POST" : "GET"),
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS),
      });
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const body = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
      if (res.status >= 400 && res.status < 500 && ![401, 404, 429].includes(res.status)) throw new CarrierRefusal(`Shiprocket refused ${path} (${res.status}): ${String(body.message ?? "no reason given").slice(0, 200)}`);
      if (res.status >= 500 || res.status === 401 || res.status === 429) throw new Error(`Shiprocket ${path} failed: ${res.status}`);
      return { status: res.status, body };
    }
  }

  const ids = (ref: string | null) => {
    const [orderId, shipmentId] = (ref ?? "").split("/");
    return { orderId: Number(orderId), shipmentId: Number(shipmentId) };
  };

  return {
    kind: "shiprocket",
    needsPickup: true,
    async serves(_db, { from, to }) {
      if (!from) throw new Error("no pickup PIN code");
      const key = `${from}>${to}`;
      const kept = served.get(key);
      if (kept && kept.until > Date.now()) return kept.answer;
      const query = new URLSearchParams({ pickup_postcode: from, delivery_postcode: to, weight: String(PARCEL.weight), cod: "0" });
      const { status, body } = await call(`/v1/external/courier/serviceability/?${query}`, { timeoutMs: SERVES_TIMEOUT_MS });
      const couriers = (body.data as { available_courier_companies?: unknown } | undefined)?.available_courier_companies;
      const list = status === 404 || !Array.isArray(couriers) ? [] : (couriers as Array<{ cod?: unknown }>);
      const answer = { served: list.length > 0, cod: list.some((c) => Number(c?.cod) === 1) };
      if (served.size >= 5000) served.clear();
      served.set(key, { answer, until: Date.now() + SERVES_KEEP_MS });
      return answer;
    },
    async book(_db, input) {
      // The seller's address is one of the account's pickup locations, named by what it says: a changed address is a new one.
      const pickup = `seller-${createHash("sha256").update(JSON.stringify([input.from.address, input.from.pincode, input.from.phone])).digest("hex").slice(0, 12)}`;
      try {
        await call("/v1/external/settings/company/addpickup", {
          body: { pickup_location: pickup, name: input.from.name.slice(0, 50), email: input.from.email, phone: input.from.phone, address: input.from.address, city: input.from.city ?? "", state: "", country: "India", pin_code: input.from.pincode },
        });
      } catch (error) {
        // Added before (a second booking from the same address): Shiprocket says the name is taken.
        if (!(error instanceof CarrierRefusal && /already|exist|in use/i.test(error.message))) throw error;
      }
      const to = input.to;
      const { body: order } = await call("/v1/external/orders/create/adhoc", {
        body: {
          order_id: input.key,
          order_date: input.now.toISOString().slice(0, 16).replace("T", " "),
          pickup_location: pickup,
          billing_customer_name: to.name,
          billing_last_name: "",
          billing_address: to.street,
          billing_city: to.city,
          billing_pincode: to.postal_code,
          billing_state: to.state,
          billing_country: "India",
          billing_email: to.email,
          billing_phone: to.phone,
          shipping_is_billing: true,
          order_items: [{ name: input.item.title.slice(0, 100), sku: input.key, units: input.item.copies, selling_price: input.item.price }],
          payment_method: input.codAmount > 0 ? "COD" : "Prepaid",
          sub_total: input.item.price * input.item.copies,
          // Shiprocket's courier collects the order's total (sub_total and shipping_charges): the cash our label and the buyer's page say (../checkout/checkout.ts, cashAtDoor).
          shipping_charges: input.codAmount > 0 ? input.codAmount - input.item.price * input.item.copies : 0,
          ...PARCEL,
        },
      });
      const orderId = Number(order.order_id);
      const shipmentId = Number(order.shipment_id);
      if (!orderId || !shipmentId) throw new Error("Shiprocket made no order");
      let awb = typeof order.awb_code === "string" && order.awb_code ? order.awb_code : null;
      if (!awb) {
        const { body: assigned } = await call("/v1/external/courier/assign/awb", { body: { shipment_id: shipmentId } });
        const data = (assigned.response as { data?: { awb_code?: unknown } } | undefined)?.data;
        awb = typeof data?.awb_code === "string" && data.awb_code ? data.awb_code : null;
      }
      if (!awb) throw new Error("Shiprocket gave the parcel no AWB yet");
      await call("/v1/external/courier/generate/pickup", { body: { shipment_id: [shipmentId] } }).catch(() => {
        // A pickup not yet scheduled is scheduled from Shiprocket's panel; the parcel is booked.
      });
      return { awb, ref: `${orderId}/${shipmentId}` };
    },
    async cancel(_db, booking) {
      const { orderId } = ids(booking.ref);
      if (orderId) await call("/v1/external/orders/cancel", { body: { ids: [orderId] } });
    },
    async track(_db, awb) {
      const { status, body } = await call(`/v1/external/courier/track/awb/${encodeURIComponent(awb)}`);
      if (status === 404) return [];
      // Answered either as { tracking_data } or keyed by the AWB.
      const data = (body.tracking_data ?? (body[awb] as { tracking_data?: unknown } | undefined)?.tracking_data) as { shipment_track_activities?: unknown } | undefined;
      return reportsOf(data?.shipment_track_activities);
    },
    async labelUrl(_db, booking) {
      const { shipmentId } = ids(booking.ref);
      if (!shipmentId) return null;
      const { body } = await call("/v1/external/courier/generate/label", { body: { shipment_id: [shipmentId] } });
      return typeof body.label_url === "string" && body.label_url.startsWith("https://") ? body.label_url : null;
    },
  };
}
