// Issue 67, point 4: the rules of a complaint's clock and number, and the settings that name
// the operator and its grievance officer, required on a public production site.
import { expect, test } from "vitest";
import { ACK_HOURS, complaintClock, complaintDueAt, complaintState, normalizeTicket, TICKET_ALPHABET } from "~/models/support/complaints";
import { newTicket } from "~/models/support/complaints.server";
import { OPERATOR_DEMO, parseEnv } from "~/utils/env.server";

const HOUR = 3_600_000;

test("a ticket number is SA- and ten base32 characters, drawn at random: no two alike in a thousand, never a count", () => {
  const drawn = Array.from({ length: 1000 }, newTicket);
  for (const ticket of drawn) expect(ticket).toMatch(/^SA-[0-9A-HJKMNP-TV-Z]{10}$/);
  expect(new Set(drawn).size).toBe(1000);
  // Every character of the alphabet turns up: the draw is not stuck on a few.
  expect(new Set(drawn.map((ticket) => ticket.slice(3)).join("")).size).toBe(TICKET_ALPHABET.length);
});

test("a ticket number typed any way is found in its one form; anything else is malformed", () => {
  expect(normalizeTicket("SA-7K3M9Q2XTB")).toBe("SA-7K3M9Q2XTB");
  expect(normalizeTicket(" sa 7k3m9 q2xtb ")).toBe("SA-7K3M9Q2XTB");
  expect(normalizeTicket("7K3M9-Q2XTB")).toBe("SA-7K3M9Q2XTB");
  // Read from a mail: O for 0, I and L for 1.
  expect(normalizeTicket("SA-O1IL000000")).toBe("SA-0111000000");
  for (const bad of ["", "SA-", "SA-7K3M9Q2XT", "SA-7K3M9Q2XTBB", "SA-7K3M9Q2XTU", "XX-7K3M9Q2XTB", "SA-7K3M9Q2XT\u0000", "SA-७K3M9Q2XTB", "x".repeat(5000)]) {
    expect(normalizeTicket(bad), JSON.stringify(bad.slice(0, 20))).toBeNull();
  }
});

test("a complaint is due one calendar month after receipt on India's calendar; a day the next month lacks is its last", () => {
  // 10:00 IST on 7 December is due 10:00 IST on 7 January.
  expect(complaintDueAt(new Date("2026-12-07T04:30:00Z")).toISOString()).toBe("2027-01-07T04:30:00.000Z");
  // 31 January: 28 February, or the 29th in a leap year.
  expect(complaintDueAt(new Date("2027-01-31T06:00:00Z")).toISOString()).toBe("2027-02-28T06:00:00.000Z");
  expect(complaintDueAt(new Date("2028-01-31T06:00:00Z")).toISOString()).toBe("2028-02-29T06:00:00.000Z");
  // 00:30 IST on 31 March is still 30 March in UTC: the month is India's, so 30 April at 00:30 IST.
  expect(complaintDueAt(new Date("2027-03-30T19:00:00Z")).toISOString()).toBe("2027-04-29T19:00:00.000Z");
});

test("the register's two clocks: past 48 hours without an answer, past its month without a resolution", () => {
  const received_at = new Date("2026-12-07T04:30:00Z");
  const open = { received_at, due_at: complaintDueAt(received_at), answered_at: null, resolved_at: null };
  const at = (hours: number) => new Date(received_at.getTime() + hours * HOUR);
  expect(complaintClock(open, at(ACK_HOURS))).toEqual({ unanswered: false, overdue: false });
  expect(complaintClock(open, at(ACK_HOURS + 0.01))).toEqual({ unanswered: true, overdue: false });
  expect(complaintClock({ ...open, answered_at: at(47) }, at(49))).toEqual({ unanswered: false, overdue: false });
  expect(complaintClock({ ...open, answered_at: at(47) }, new Date(open.due_at.getTime() + 1))).toEqual({ unanswered: false, overdue: true });
  expect(complaintClock({ ...open, resolved_at: at(100) }, at(2000))).toEqual({ unanswered: false, overdue: false });
  expect(complaintState(open)).toBe("received");
  expect(complaintState({ ...open, answered_at: at(1) })).toBe("answered");
  expect(complaintState({ ...open, answered_at: at(1), resolved_at: at(2) })).toBe("resolved");
});

test("the operator and its grievance officer: demo values outside production, required on a public production site", () => {
  const all = {
    OPERATOR_LEGAL_NAME: "Arena Learning Private Limited",
    OPERATOR_ADDRESS: "4th Floor, 12 MG Road, Bengaluru 560001",
    GRIEVANCE_OFFICER_NAME: "Kavita Menon",
    GRIEVANCE_OFFICER_EMAIL: "grievance@arena.example",
    GRIEVANCE_OFFICER_PHONE: "+91 80 4000 1234",
  };
  // `npm start`'s demo and the browser tests: production mode over plain http, nothing required.
  expect(parseEnv({ NODE_ENV: "production", APP_URL: "http://localhost:3000" }).OPERATOR_LEGAL_NAME).toBeUndefined();
  expect(parseEnv({}).GRIEVANCE_OFFICER_EMAIL).toBeUndefined();
  expect(OPERATOR_DEMO.legalName).toMatch(/demo/i);
  // A public site: each missing one is named.
  const publicSite = { NODE_ENV: "production", APP_URL: "https://studyarena.in" };
  expect(() => parseEnv(publicSite)).toThrow(/OPERATOR_LEGAL_NAME: required in production[\s\S]*OPERATOR_ADDRESS[\s\S]*GRIEVANCE_OFFICER_NAME[\s\S]*GRIEVANCE_OFFICER_EMAIL[\s\S]*GRIEVANCE_OFFICER_PHONE/);
  const { GRIEVANCE_OFFICER_PHONE: _phone, ...noPhone } = all;
  expect(() => parseEnv({ ...publicSite, ...noPhone })).toThrow(/GRIEVANCE_OFFICER_PHONE: required in production/);
  expect(parseEnv({ ...publicSite, ...all })).toMatchObject(all);
  expect(() => parseEnv({ ...all, GRIEVANCE_OFFICER_EMAIL: "not an address" })).toThrow(/GRIEVANCE_OFFICER_EMAIL/);
});
