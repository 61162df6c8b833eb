// A winner's prize statement on the results' summary (app/routes/contest.$id.results.tsx):
// the prize, the tax withheld and what is paid, and where the payment is.
import { Link } from "@remix-run/react";
import { formatINR } from "~/utils/money";

type Statement = { gross: number; tax: number; net: number; taxRateBp: number; status: "awaiting_details" | "queued" | "processing" | "paid" | "failed" | "reversed"; bankReference: string | null; failureReason: string | null };

function where(statement: Statement) {
  switch (statement.status) {
    case "awaiting_details":
      return (
        <>
          Waiting for your payout details: <Link to="/account">add a UPI ID or a bank account in My Account</Link>.
        </>
      );
    case "queued":
      return "Queued for payment to the details in your account.";
    case "processing":
      return "Being paid to the details in your account.";
    case "paid":
      return `Paid${statement.bankReference ? `, bank reference ${statement.bankReference}` : ""}.`;
    case "failed":
    case "reversed":
      // Nothing reached the winner: new details send it again (models/payments/payout-sender.server.ts).
      return (
        <>
          {statement.status === "failed" ? "The payment could not be made" : "The bank sent the payment back"}
          {statement.failureReason ? ` (${statement.failureReason})` : ""}. Check your payout details in <Link to="/account">My Account</Link> and save them: we send it
          again as soon as you do.
        </>
      );
  }
}

export function PrizeStatement({ statement }: { statement: Statement }) {
  return (
    <section className="card prize-statement" aria-labelledby="prize-statement">
      <h2 id="prize-statement">Prize statement</h2>
      <dl className="facts">
        <div><dt>Prize</dt><dd>{formatINR(statement.gross)}</dd></div>
        <div><dt>Tax withheld ({statement.taxRateBp / 100}%, section 194BA)</dt><dd>{formatINR(statement.tax)}</dd></div>
        <div><dt>Paid to you</dt><dd>{formatINR(statement.net)}</dd></div>
      </dl>
      <p>{where(statement)}</p>
    </section>
  );
}
