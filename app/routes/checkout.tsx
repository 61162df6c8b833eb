import type { RequestPolicy } from "~/server/policy";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, type FormEvent } from "react";
import { SUCCESS_REDIRECT_MS, useInPageCheckout } from "~/components/payments/use-in-page-checkout";
import { OrderConfirmed, OrderSummary, StepIndicator } from "~/components/store/checkout/checkout-parts";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { HostedCheckoutForm } from "~/components/payments/hosted-checkout-form";
import { db } from "~/db/client.server";
import { cartAndShipping, meetingOffer, placedOrder } from "./checkout.query.server";
import { requireUser } from "~/models/accounts/auth.server";
import { requireAgreement } from "~/models/accounts/agreements/agreements.server";
import { hostedCheckout, paymentGateway } from "~/models/payments/gateway.server";
import { POLICY } from "~/models/support/policy";
import { formatINR } from "~/utils/money";
import { CHECKOUT_MESSAGES, METHOD_LABELS, offeredMethods, PINCODE_SHAPE, SHIPPING_FEE, SHIPPING_MAX } from "~/models/store/checkout/checkout";
import { withPlace } from "~/models/store/checkout/pincodes.server";
import { carrierReach, type Reach } from "~/models/store/checkout/reach.server";
import { liveCarrier } from "~/models/store/orders/shipments.server";
import { PaymentSchema, ShippingSchema, SHIPPING_FIELDS } from "~/models/store/checkout/checkout-schema";
import { forgetShipping, savedShipping, saveShipping } from "~/models/store/checkout/checkout-session.server";
import { codDepositFor, placeOrder } from "~/models/store/checkout/orders.server";
import { kickOutbox } from "~/services/email.server";
import { PAYMENT_METHODS } from "~/utils/enums";
import { appUrl } from "~/utils/env.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { msgText, translateMsg, useT } from "~/utils/i18n";
import { i18nFor, translateReply, translator } from "~/utils/i18n.server";
import { postJson } from "~/utils/post-json";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("checkout.meta.title", "checkout.meta.description");

// Razorpay's hosted checkout is entered by a form post from this page.
/** Razorpay's checkout opens here (in place, or its hosted page by a form post): its CSP admits it. */
export const requestPolicy: RequestPolicy = { hostedCheckout: true };


export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { messages, t } = i18nFor(request, context, "checkout");
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order");
  if (orderId !== null) {
    const order = await placedOrder(db, user.id, orderId);
    if (!order) throw redirect("/orders");
    return { step: 3 as const, order, messages };
  }
  // Changed terms are agreed to before anything is paid (issue 67, point 7); a placed order's confirmation above is not held.
  await requireAgreement(db, request, user.id);
  const saved = await savedShipping(request);
  const { cart, shipping } = await cartAndShipping(db, user, saved);
  const step = saved && url.searchParams.get("step") === "payment" ? (2 as const) : (1 as const);
  const meetCity = step === 2 ? await meetingOffer(db, user.id, saved!.city) : null;
  const reach = step === 2 ? await carrierReach(db, liveCarrier(), user.id, saved!.zip) : null;
  const methods = withoutUnservedCod(offeredMethods(paymentGateway() !== null), reach, meetCity);
  return {
    step,
    cart,
    shipping,
    failed: url.searchParams.get("status") === "failed",
    key: crypto.randomUUID(),
    testGateway: paymentGateway()?.kind === "test",
    methods,
    // The price online beside cash on delivery's (issue 49, point 5), said here: the checkout page's script is at its budget.
    codNote: paymentGateway() && methods.includes("cod") ? codWords(t, cart.totals.total) : "",
    // Every seller in the buyer's city: a hand-over in person is offered, without shipping (issue 49, point 4).
    meetCity,
    // Whether a courier reaches the PIN code, and with cash on delivery (issue 49, point 3), said before anything is paid.
    reachNote: reach && step === 2 ? reachWords(t, reach, saved!.zip) : "",
    messages,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, "/checkout");
  await requireAgreement(db, request, user.id);
  const { locale, t } = i18nFor(request, context);
  const form = await readForm(request, ["intent", ...SHIPPING_FIELDS, "paymentMethod", "delivery", "key"]);
  const intent = form.get("intent");
  if (intent === "shipping") {
    const submission = parseWithZod(form, { schema: ShippingSchema });
    const refuse = (reply: ReturnType<typeof submission.reply>) => data({ shipping: translateReply(reply, translator(locale)) }, { status: 400 });
    if (submission.status !== "success") return refuse(submission.reply());
    // A pincode India Post does not have is refused beside it; a real one says the district and state (issue 49, point 3),
    // unless the state typed is another: then the buyer says which is wrong, beside the state (issue 65, point 7).
    const placed = withPlace(submission.value);
    const { zip, state } = submission.value;
    if (placed.kind === "unknown") return refuse(submission.reply({ fieldErrors: { zip: [msgText(CHECKOUT_MESSAGES.zipUnknown(zip))] } }));
    if (placed.kind === "elsewhere") return refuse(submission.reply({ fieldErrors: { state: [msgText(CHECKOUT_MESSAGES.zipElsewhere(zip, placed.state, state))] } }));
    throw redirect("/checkout?step=payment", { headers: { "Set-Cookie": await saveShipping(placed.shipping) } });
  }
  if (intent === "back") throw redirect("/checkout");
  if (intent !== "pay") throw new Response("Unknown action.", { status: 400 });

  const shipping = await savedShipping(request);
  if (!shipping) throw redirect("/checkout");
  const submission = parseWithZod(form, { schema: PaymentSchema });
  if (submission.status !== "success") return data({ payment: translateReply(submission.reply(), translator(locale)) }, { status: 400 });
  const { paymentMethod: method, delivery, key } = submission.value;
  // Cash that no courier can collect at this PIN code is refused beside the method, unless the buyer meets the seller.
  if (method === "cod" && delivery !== "meet" && (await carrierReach(db, liveCarrier(), user.id, shipping.zip))?.cod === false) {
    return data({ payment: submission.reply({ fieldErrors: { paymentMethod: [t("checkout.reach.codRefused", { zip: shipping.zip })] } }) }, { status: 409 });
  }
  const outcome = await placeOrder(db, paymentGateway(), { userId: user.id, shipping, method, delivery, key, now: new Date() });
  switch (outcome.kind) {
    case "completed":
      kickOutbox();
      throw redirect(`/checkout?${new URLSearchParams({ order: outcome.orderId })}`, { headers: { "Set-Cookie": await forgetShipping() } });
    case "pay":
      // Without JavaScript: the gateway's hosted page, which posts back to our callback.
      if (outcome.gateway.kind === "test") throw redirect(`/payments/test-gateway?${new URLSearchParams({ order: outcome.gatewayOrderId })}`);
      return {
        hosted: hostedCheckout(outcome.gateway, {
          orderId: outcome.gatewayOrderId,
          description: t("checkout.gatewayTitle"),
          email: shipping.email,
          callbackUrl: `${appUrl()}/api/payment/callback`,
          cancelUrl: `${appUrl()}/checkout?step=payment&status=failed`,
        }),
      };
    case "sold-out":
      return redirectWithFlash("/cart", { kind: "error", message: { id: "checkout.soldOut", values: { titles: outcome.titles.join(", "), count: outcome.titles.length } } });
    case "empty":
      return redirectWithFlash("/cart", { kind: "info", message: { id: "checkout.emptyCart" } });
    case "refused":
      // Beside the payment method, the buyer's choice kept.
      return data({ payment: submission.reply({ fieldErrors: { paymentMethod: [translateMsg(t, outcome.msg)] } }) }, { status: 409 });
    case "limited":
      return redirectWithFlash("/checkout?step=payment", { kind: "error", message: { id: "checkout.tooManyOrders" } });
    case "unavailable":
      return redirectWithFlash("/checkout?step=payment", { kind: "error", message: { id: "checkout.paymentsOff" } });
    case "erased":
      // The account went while the order waited for it: as requireUser answers once its session is gone.
      throw redirect(`/login?${new URLSearchParams({ redirectTo: "/checkout" })}`);
  }
}

/** Cash on delivery is not offered where no courier collects it, unless the buyer may meet the sellers (or it is the only way to pay). */
function withoutUnservedCod(methods: ReturnType<typeof offeredMethods>, reach: Reach | null, meetCity: string | null) {
  return reach?.cod === false && !meetCity && methods.length > 1 ? methods.filter((m) => m !== "cod") : methods;
}

/**
 * Cash on delivery beside paying online: the same price, confirmed within a day; or, with a
 * deposit, that deposit now and the whole price at the door. Before the order exists, every
 * line ships and the door collects its total (app/models/store/checkout/checkout.ts, cashAtDoor).
 */
function codWords(t: ReturnType<typeof i18nFor>["t"], total: number) {
  const deposit = codDepositFor(total);
  if (deposit === 0) return t("checkout.payment.codSame", { amount: formatINR(total), hours: POLICY.codConfirmHours });
  return t("checkout.payment.codDeposit", { amount: formatINR(total), deposit: formatINR(deposit) });
}

function reachWords(t: ReturnType<typeof i18nFor>["t"], reach: Reach, zip: string) {
  if (reach.served === false) return t("checkout.reach.notServed", { zip });
  if (reach.served === true && reach.cod === false) return t("checkout.reach.noCod", { zip });
  if (reach.served === true && reach.cod === true) return t("checkout.reach.served", { zip });
  return "";
}

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  const { t } = useT();
  if (page.step === 3) return <Confirmed {...page.order} />;
  if (page.cart.lines.length === 0) {
    return (
      <section className="container narrow section">
        <h1>{t("checkout.title")}</h1>
        <div className="card empty">
          <p>{t("checkout.emptyCart")}</p>
          <Link to="/cart" className="btn btn-primary">
            {t("checkout.backToCart")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container section">
      <p>
        <Link to="/cart">{t("checkout.backArrow")}</Link>
      </p>
      <h1>{t("checkout.title")}</h1>
      <StepIndicator current={page.step} />
      {page.cart.leftOut > 0 ? <p className="alert alert-info">{t("checkout.leftOut")}</p> : null}
      <div className="checkout-layout">
        <div>{page.step === 1 ? <ShippingStep defaults={page.shipping} /> : <PaymentStep shipping={page.shipping} failed={page.failed} orderKey={page.key} testGateway={page.testGateway} methods={page.methods} codNote={page.codNote} reachNote={page.reachNote} meetCity={page.meetCity} />}</div>
        <OrderSummary lines={page.cart.lines} totals={page.cart.totals} />
      </div>
    </section>
  );
}

function ShippingStep({ defaults }: { defaults: Record<string, string> }) {
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm<typeof ShippingSchema>(result && "shipping" in result ? result.shipping : undefined, { id: "shipping", defaultValue: defaults });
  const { t } = useT();
  return (
    <Form method="post" className="form card" {...form.props}>
      <h2>{t("checkout.shipping.title")}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={t("checkout.field.name")} field={fields.name} autoComplete="name" maxLength={SHIPPING_MAX.name} />
      <TextField label={t("checkout.field.email")} field={fields.email} type="email" autoComplete="email" inputMode="email" maxLength={SHIPPING_MAX.email} />
      <TextField label={t("checkout.field.phone")} field={fields.phone} type="tel" autoComplete="tel-national" inputMode="numeric" maxLength={SHIPPING_MAX.phone} hint={t("checkout.field.phoneHint")} />
      <TextareaField label={t("checkout.field.address")} field={fields.address} rows={2} maxLength={SHIPPING_MAX.address} />
      <div className="form-row">
        <TextField label={t("checkout.field.city")} field={fields.city} autoComplete="address-level2" maxLength={SHIPPING_MAX.city} />
        <TextField label={t("checkout.field.state")} field={fields.state} autoComplete="address-level1" maxLength={SHIPPING_MAX.state} />
      </div>
      <TextField label={t("checkout.field.zip")} field={fields.zip} autoComplete="postal-code" inputMode="numeric" maxLength={SHIPPING_MAX.zip} hint={t("checkout.field.zipHint")} onInput={fillState} />
      <button type="submit" name="intent" value="shipping" className="btn btn-primary btn-block">
        {t("checkout.continue")}
      </button>
    </Form>
  );
}

/** With JavaScript, a known pincode fills the state as it is typed (issue 49, point 3); without, the server fills it when the form is sent. */
async function fillState(event: FormEvent<HTMLInputElement>) {
  const zip = event.currentTarget;
  if (!PINCODE_SHAPE.test(zip.value)) return;
  const res = await fetch(`/api/pincode/${zip.value}`);
  const state = zip.form?.elements.namedItem("state");
  if (res.ok && state instanceof HTMLInputElement) state.value = ((await res.json()) as { state: string }).state;
}

function PaymentStep({
  shipping,
  failed,
  orderKey,
  testGateway,
  methods,
  codNote,
  reachNote,
  meetCity,
}: {
  shipping: Record<string, string>;
  failed: boolean;
  orderKey: string;
  testGateway: boolean;
  methods: ReadonlyArray<(typeof PAYMENT_METHODS)[number]>;
  codNote: string;
  reachNote: string;
  meetCity: string | null;
}) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useT();
  const checkout = useInPageCheckout({
    title: t("checkout.gatewayTitle"),
    email: shipping.email ?? "",
    initiallyFailed: failed,
    verifyUrl: "/api/payment/marketplace-verify",
    // The confirmation step waits its own 1.5 s before the order's page.
    paidPath: (reply) => `/checkout?${new URLSearchParams({ order: String(reply.orderId) })}`,
    paidDelayMs: 0,
  });
  const processing = (navigation.state !== "idle" && navigation.formData?.get("intent") === "pay") || checkout.status === "processing";
  const hosted = result && "hosted" in result ? result.hosted : null;
  const methodError = result && "payment" in result ? result.payment.error?.paymentMethod : undefined;
  const chosen = result && "payment" in result ? (result.payment.initialValue?.paymentMethod as string | undefined) : undefined;

  // With JavaScript, card and UPI open the gateway in the page; cash on delivery and Back post as they do without it.
  function payInPage(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const method = form.get("paymentMethod");
    if (submitter?.value !== "pay" || method === "cod") return;
    event.preventDefault();
    void checkout.begin(async () => {
      const res = await postJson("/api/payment/marketplace-create-order", { paymentMethod: method, delivery: form.get("delivery") ?? undefined, key: orderKey });
      const reply = (await res.json().catch(() => ({}))) as { redirect?: string; error?: string; razorpayOrderId: string; amount: number; currency: string; keyId: string; gateway: "razorpay" | "test" };
      if (reply.redirect) return { redirect: reply.redirect };
      if (!res.ok) throw new Error(reply.error ?? `HTTP ${res.status}`);
      return { orderId: reply.razorpayOrderId, amount: reply.amount, currency: reply.currency, keyId: reply.keyId, gateway: reply.gateway };
    });
  }

  if (hosted) {
    return (
      <HostedCheckoutForm hosted={hosted} className="card">
        <h2>{t("checkout.payment.title")}</h2>
      </HostedCheckoutForm>
    );
  }
  return (
    <Form method="post" className="form card" onSubmit={checkout.hydrated ? payInPage : undefined}>
      <h2>{t("checkout.payment.title")}</h2>
      {processing ? (
        <p className="alert alert-info" role="status">
          {t("checkout.processing")}
        </p>
      ) : null}
      {checkout.status === "success" ? (
        <p className="alert alert-success" role="status">
          {t("checkout.success")}
        </p>
      ) : null}
      {checkout.status === "failed" && !processing ? (
        <p className="alert alert-error" role="alert">
          {t("checkout.failed")}
        </p>
      ) : null}
      <p className="muted">
        {t("checkout.payment.shippingTo")}{" "}
        <span translate="no">
          {shipping.name}, {shipping.address}, {[shipping.city, shipping.district, shipping.state].filter(Boolean).join(", ")} {shipping.zip}.
        </span>
      </p>
      {reachNote && <p className="muted">{reachNote}</p>}
      <fieldset className="payment-methods" aria-describedby={methodError ? "method-error" : undefined}>
        <legend>{t("checkout.payment.method")}</legend>
        {methods.map((method) => (
          <label key={method} className="check">
            <input type="radio" name="paymentMethod" value={method} defaultChecked={method === (chosen ?? methods[0])} required />
            {t(METHOD_LABELS[method])}
          </label>
        ))}
        {methodError ? (
          <p id="method-error" className="field-error">
            {methodError.join(" ")}
          </p>
        ) : null}
        {codNote && <p className="muted">{codNote}</p>}
      </fieldset>
      {meetCity && (
        <fieldset className="payment-methods">
          <legend>{t("checkout.delivery.legend")}</legend>
          {(["ship", "meet"] as const).map((way) => (
            <label key={way} className="check">
              <input type="radio" name="delivery" value={way} defaultChecked={way === "ship"} />
              {t(`checkout.delivery.${way}`, { city: meetCity, fee: SHIPPING_FEE })}
            </label>
          ))}
        </fieldset>
      )}
      <p className="alert alert-info">{t("checkout.secure")}</p>
      {testGateway ? <p className="muted">{t("checkout.payment.test")}</p> : null}
      <input type="hidden" name="key" value={orderKey} />
      <div className="actions-row">
        <button type="submit" name="intent" value="back" className="btn btn-ghost" formNoValidate>
          {t("checkout.payment.back")}
        </button>
        <button type="submit" name="intent" value="pay" className="btn btn-primary" disabled={processing || checkout.status === "success"}>
          {processing ? t("checkout.payment.processingButton") : t("checkout.payment.complete")}
        </button>
      </div>
      {checkout.testDialog}
    </Form>
  );
}

function Confirmed({ id: orderId, paidOnline, toConfirm }: { id: string; paidOnline: boolean; toConfirm: boolean }) {
  const navigate = useNavigate();
  // With JavaScript, a paid order goes on to its confirmation page after 1.5 s (docs/product/marketplace.md §4).
  useEffect(() => {
    if (!paidOnline) return;
    const timer = setTimeout(() => navigate(`/orders/${orderId}/confirmation?placed=1`), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, orderId, paidOnline]);
  const { t } = useT();
  return (
    <section className="container narrow section">
      <h1>{t("checkout.title")}</h1>
      <StepIndicator current={3} />
      <OrderConfirmed orderId={orderId} paidOnline={paidOnline} toConfirm={toConfirm} />
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
