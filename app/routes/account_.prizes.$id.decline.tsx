// Declining a prize (issue 65, point 7): a winner who will not give payout details, and so
// could never leave, may decline a prize that waits for them. The screen says once what it
// means (never paid, the tax record kept), and the decline needs a tick and the password:
// a plain form, so it works without JavaScript and a session left open cannot do it. Only
// the signed-in winner's own prize, and only while it may be declined: anything else is a 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { notFoundBoundary } from "~/components/not-found";
import { CheckboxField, FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { ACCOUNT_MESSAGES, MESSAGES } from "~/models/accounts/messages";
import { checkCurrentPassword } from "~/models/accounts/profile.server";
import { DeclinePrizeSchema } from "~/models/payments/payout-schema";
import { DECLINE_MESSAGES } from "~/models/payments/payout-details";
import { declinablePrizes, declinePrize } from "~/models/payments/payouts.server";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { msgText, richText, useT } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("account.decline.metaTitle"), t("account.decline.metaDescription")) : pageMeta(t("common.notFound.prize"), t("common.notFound.prizeText"));
};

async function waitingPrize(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const payoutId = requireUuidParam(args.params);
  const user = await requireUser(args.request, args.context);
  const [prize] = await declinablePrizes(db, { userId: user.id, payoutId });
  invariantResponse(prize);
  return { user, prize };
}

export async function loader(args: LoaderFunctionArgs) {
  const { prize } = await waitingPrize(args);
  return { prize, messages: i18nFor(args.request, args.context, "account", "auth").messages };
}

// The password is never sent back into the form.
const HIDDEN = ["currentPassword"];

export async function action(args: ActionFunctionArgs) {
  const { user, prize } = await waitingPrize(args);
  const { t } = i18nFor(args.request, args.context);
  const submission = await parseForm(args.request, DeclinePrizeSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply({ hideFields: HIDDEN }), t), { status: 400 });
  const checked = await checkCurrentPassword(db, user.id, submission.value.currentPassword, new Date());
  if (checked === "wrong") return data(translateReply(submission.reply({ fieldErrors: { currentPassword: [msgText(ACCOUNT_MESSAGES.currentWrong)] }, hideFields: HIDDEN }), t), { status: 400 });
  if (checked === "limited") return data(translateReply(submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)], hideFields: HIDDEN }), t), { status: 429 });
  // Details saved in another tab since the page was read may have sent it on its way.
  if (!(await declinePrize(db, { userId: user.id, payoutId: prize.id, now: new Date() }))) {
    return data(translateReply(submission.reply({ formErrors: [msgText(DECLINE_MESSAGES.notDeclinable)], hideFields: HIDDEN }), t), { status: 409 });
  }
  return redirectWithFlash("/account/data", { kind: "success", message: DECLINE_MESSAGES.declined(prize.title) });
}

export default function DeclinePrize() {
  const { prize } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm<typeof DeclinePrizeSchema>(lastResult);
  const pending = useIsPending();
  const { t } = useT();
  const net = formatINR(prize.net);
  return (
    <section className="container narrow section">
      <h1>{t("account.decline.title")}</h1>
      <dl className="facts">
        <div><dt>{t("account.decline.contest")}</dt><dd translate="no">{prize.title}</dd></div>
        <div><dt>{t("account.decline.prize")}</dt><dd>{formatINR(prize.gross)}</dd></div>
        <div><dt>{t("account.decline.tax", { percent: prize.tax_rate_bp / 100 })}</dt><dd>{formatINR(prize.tax)}</dd></div>
        <div><dt>{t("account.decline.net")}</dt><dd>{net}</dd></div>
      </dl>
      <p>{t("account.decline.what")}</p>
      <Form method="post" className="form" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <CheckboxField field={fields.confirm}>{t("account.decline.confirm", { net, title: prize.title })}</CheckboxField>
        <PasswordField label={t("account.decline.password")} field={fields.currentPassword} autoComplete="current-password" />
        <button type="submit" className="btn btn-danger" disabled={pending}>
          {pending ? t("account.decline.declining") : t("account.decline.button")}
        </button>
      </Form>
      <p className="muted">{richText(t("account.decline.instead"), [(text) => <Link to="/account">{text}</Link>])}</p>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "common.notFound.prize",
  message: "common.notFound.prizeText",
  action: { label: "common.notFound.toYourData", to: "/account/data" },
});
