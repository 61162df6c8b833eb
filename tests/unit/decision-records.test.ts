// Issue 66, point 6: a reader can date every decision record and tell whether it still
// holds, as the Epic Stack's records do (docs/decisions/README.md says the shape): a Date
// under the title, a Status of one of three forms, and a Consequences part at the end.
import fs from "node:fs";
import { expect, test } from "vitest";

const dir = "docs/decisions";
const records = fs.readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md");

const LINK = String.raw`\[[^\]\n]+\]\(([\w.-]+\.md)\)`;
const LINKS = `${LINK}(?: and ${LINK})*`;
const STATUS = new RegExp(`^(?:accepted|accepted, in part superseded by ${LINKS}|superseded by ${LINKS})$`);

/** What is wrong with one record's text, in words; none when it has the shape. */
function recordFaults(file: string, text: string, exists: (record: string) => boolean): string[] {
  const faults: string[] = [];
  const head = /^# .+\n\nDate: (.*)\n\nStatus: (.*)\n\n/.exec(text);
  if (!head) return [`${file}: no "Date:" and "Status:" lines, each its own paragraph, under the title`];
  const [, date, status] = head as unknown as [string, string, string];
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  // A real calendar day: 2026-02-30 is refused, since Date would roll it into March.
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!day || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) faults.push(`${file}: Date "${date}" is not a day (YYYY-MM-DD)`);
  if (!STATUS.test(status)) faults.push(`${file}: Status "${status}" is not accepted, "accepted, in part superseded by [..](..)" or "superseded by [..](..)"`);
  for (const m of status.matchAll(new RegExp(LINK, "g"))) {
    if (m[1] === file) faults.push(`${file}: Status names the record itself`);
    else if (!exists(m[1]!)) faults.push(`${file}: Status names ${m[1]}, which is not a record`);
  }
  const parts = text.split(/^## Consequences$/m);
  if (parts.length !== 2) faults.push(`${file}: ${parts.length === 1 ? "no" : "more than one"} "## Consequences" section`);
  else if (!/\S/.test(parts[1]!.split(/^## /m)[0]!)) faults.push(`${file}: the Consequences section is empty`);
  return faults;
}

const exists = (record: string) => records.includes(record);

test("every decision record has a Date, a Status of an accepted form and a Consequences section", () => {
  expect(records.length).toBeGreaterThan(30);
  expect(records.flatMap((file) => recordFaults(file, fs.readFileSync(`${dir}/${file}`, "utf8"), exists))).toEqual([]);
});

test("a record without its Date, with a Status of another form, or without Consequences is refused", () => {
  const good = "# A record\n\nDate: 2026-11-27\n\nStatus: accepted\n\nTopic: contests.\n\n- A decision.\n\n## Consequences\n\n- What follows.\n";
  const known = (record: string) => record === "other.md";
  expect(recordFaults("a.md", good, known)).toEqual([]);
  expect(recordFaults("a.md", good.replace("accepted", "superseded by [Other](other.md)"), known)).toEqual([]);
  expect(recordFaults("a.md", good.replace("accepted", "accepted, in part superseded by [Other](other.md) and [Other](other.md)"), known)).toEqual([]);
  expect(recordFaults("a.md", good.replace("Date: 2026-11-27\n\n", ""), known)).toHaveLength(1);
  expect(recordFaults("a.md", good.replace("2026-11-27", "27 November 2026"), known)).toHaveLength(1);
  for (const date of ["2026-02-30", "2026-13-01"]) expect(recordFaults("a.md", good.replace("2026-11-27", date), known), date).toHaveLength(1);
  expect(recordFaults("a.md", good.replace("Status: accepted\n\n", ""), known)).toHaveLength(1);
  for (const status of ["In force", "accepted.", "proposed", "superseded", "superseded by other.md", "superseded by [Gone](gone.md)", "superseded by [Itself](a.md)"]) {
    expect(recordFaults("a.md", good.replace("accepted", status), known), status).toHaveLength(1);
  }
  expect(recordFaults("a.md", good.replace("## Consequences", "## What follows"), known)).toHaveLength(1);
  expect(recordFaults("a.md", good.replace("\n- What follows.\n", ""), known)).toHaveLength(1);
  expect(recordFaults("a.md", good + "\n## Consequences\n\n- Again.\n", known)).toHaveLength(1);
});
