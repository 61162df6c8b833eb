import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { pageMeta } from "~/utils/meta";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = () => pageMeta("About", "StudyArena runs skill contests with cash prizes and a marketplace for used study materials, for students across India.");

const TEAM = [
  { name: "Kavya Reddy", role: "Co-founder, contests" },
  { name: "Aditya Kulkarni", role: "Co-founder, engineering" },
  { name: "Sana Qureshi", role: "Community and support" },
];

export default function About() {
  return (
    <ContentPage title="About StudyArena" intro="Skill contests and affordable study materials for students across India.">
      <h2>Our Story</h2>
      <p>
        StudyArena began in a hostel room, where a few engineering students turned their mock tests into friendly
        competitions with small prizes. The competitions made studying less lonely and much more focused, so we built
        a place where any student in India can do the same, fairly and safely, from a phone.
      </p>
      <h2>In numbers</h2>
      <dl className="stats">
        <div><dt>Students</dt><dd><strong>25,000+</strong></dd></div>
        <div><dt>Contests held</dt><dd><strong>1,200+</strong></dd></div>
        <div><dt>Prizes paid</dt><dd><strong>₹18 lakh+</strong></dd></div>
        <div><dt>Books re-homed</dt><dd><strong>9,000+</strong></dd></div>
      </dl>
      <h2>Our mission</h2>
      <p>
        Reward preparation, not luck: every contest is a timed test of skill on a study subject, proctored so that
        everyone competes on the same terms. And keep good books in use, by letting students sell the books they have
        finished with to the students who need them next.
      </p>
      <h2>Team</h2>
      <ul>
        {TEAM.map((m) => (
          <li key={m.name}>
            <strong>{m.name}</strong>, {m.role}
          </li>
        ))}
      </ul>
      <div className="card" style={{ marginTop: "2rem" }}>
        <h2 style={{ marginTop: 0 }}>Ready to compete?</h2>
        <div className="actions">
          <Link to="/contests" className="btn btn-primary">Explore Contests</Link>
          <Link to="/store" className="btn btn-ghost">Visit Marketplace</Link>
        </div>
      </div>
    </ContentPage>
  );
}
