import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { POLICY, useSupportContact } from "~/models/support/policy";
import { pageMeta } from "~/utils/meta";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = () => pageMeta("Privacy Policy", "What StudyArena collects, why, and how long it is kept.");

export default function Privacy() {
  const support = useSupportContact();
  return (
    <ContentPage title="Privacy Policy" intro="What we collect, why, and what you can ask of us.">
      <h2>What we collect</h2>
      <ul>
        <li>Your account: name, e-mail address and a hash of your password (never the password itself).</li>
        <li>Your contest entries, answers, scores, ranks and prizes.</li>
        <li>Proctoring events during a test: when fullscreen was left, when the tab was hidden, when the camera stopped. No camera image ever leaves your device.</li>
        <li>Marketplace listings, orders and the shipping address you give at checkout.</li>
        <li>Messages you send us through the contact form.</li>
      </ul>
      <h2>Payments</h2>
      <p>Payments are processed by our payment provider. We never see or store your card, UPI or bank details; we keep only the payment reference and amount.</p>
      <h2>Cookies</h2>
      <p>We use a few first-party cookies to keep you signed in and remember your choices. See the <Link to="/cookie">Cookie Policy</Link>. We run no third-party analytics or advertising scripts.</p>
      <h2>How long we keep data</h2>
      <p>Transaction and contest records are kept for {POLICY.recordsKeptYears} years, as required for accounting and dispute resolution. You can ask us to delete your account at any time; records we must keep by law are kept until that period ends.</p>
      <h2>Your rights</h2>
      <p>You may ask for a copy of your data, its correction or its deletion by writing to <a href={`mailto:${support.email}`}>{support.email}</a>. We reply within {POLICY.replyWithinHours} hours.</p>
    </ContentPage>
  );
}
