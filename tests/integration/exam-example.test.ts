// docs/admin-sql.md's JEE-style paper: the diagram stored as `npm run contests:image`
// stores it (its key is the one the document prints), the example run as written, the
// paper a student gets from it, and the extra-time statement for one student.
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { contests } from "~/db/schema";
import { storeDiagram } from "~/models/contests/paper/diagrams.server";
import { forgetPapers, sharedPaper } from "~/models/contests/paper/paper.server";
import { imageStore } from "~/models/media/stores.server";
import { createEntry } from "~/seed/factories.server";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";

const doc = fs.readFileSync("docs/admin-sql.md", "utf8");
const block = (tag: string) => doc.match(new RegExp("```sql " + tag + "\\n([\\s\\S]*?)```"))![1]!;

test("a diagram goes in by its content: the documented key, WebP, its size kept; a file that is not an image is refused", async () => {
  const stored = await storeDiagram(db, fs.readFileSync("docs/examples/incline.png"));
  expect(stored).toMatchObject({ ok: true, width: 480, height: 260 });
  if (!stored.ok) return;
  expect(block("jee")).toContain(`'${stored.key}'`);
  expect(doc).toContain(`# ${stored.key}`);
  expect(await imageStore(db).get(stored.key)).toMatchObject({ contentType: "image/webp", width: 480, height: 260 });
  const refused = await storeDiagram(db, Buffer.from("not an image"));
  expect(!refused.ok && english(refused.error)).toBe("Please upload an image file");
});

test("the JEE example as written: three sections at +4/−1, every type, math, the diagram, Hindi; then one student's extra time", async () => {
  const stored = await storeDiagram(db, fs.readFileSync("docs/examples/incline.png"));
  const title = `JEE Main Mock Test ${Date.now()}-${Math.random()}`;
  await db.execute(sql.raw(block("jee").replaceAll("'JEE Main Mock Test 1'", `'${title}'`)));
  const [contest] = await db.select().from(contests).where(eq(contests.title, title));
  expect(contest).toMatchObject({ marks: 4, penalty: 1, duration_minutes: 60, kind: "free", sponsor: "Pragati Book House", entry_fee: 0 });

  forgetPapers();
  const paper = await sharedPaper(contest!.id, Date.now());
  expect(paper.sections).toEqual([
    { title: "Physics", titleHi: "भौतिकी" },
    { title: "Chemistry", titleHi: "रसायन विज्ञान" },
    { title: "Mathematics", titleHi: "गणित" },
  ]);
  expect(paper.hindi).toBe(true);
  expect(paper.questions.map((q) => [q.section, q.kind, q.marks, q.penalty])).toEqual([
    [0, "single", 4, 1], [0, "numerical", 4, 1], [0, "single", 4, 1],
    [1, "multiple", 4, 1], [1, "single", 4, 1], [1, "numerical", 4, 1],
    [2, "single", 4, 1], [2, "multiple", 4, 1], [2, "numerical", 4, 1],
  ]);
  expect(paper.questions[7]!.partial).toBe(true);
  const [incline] = paper.questions;
  expect(incline!.image).toEqual({ src: `/media/${stored.ok ? stored.key : ""}`, width: 480, height: 260, alt: "A block of mass m on a smooth incline at 30 degrees to the horizontal" });
  expect(incline!.html).toContain("<math>");
  expect(incline!.htmlHi).toContain("आनत तल");
  expect(incline!.options[0]!.html).toContain("<math>");
  expect(paper.questions[2]!.options.map((o) => o.htmlHi)).toEqual(["एम्पियर", "कूलॉम", "वोल्ट", "ओम"]);
  // Nothing of the key in what students get.
  expect(JSON.stringify(paper)).not.toMatch(/19\.5|correct|explanation|sin\\theta = 10/);

  const asha = await signedInStudent();
  await createEntry(db, { userId: asha.userId, contestId: contest!.id });
  const other = await signedInStudent();
  await createEntry(db, { userId: other.userId, contestId: contest!.id });
  await db.execute(sql.raw(block("jee-extra-time").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("'asha.rao@example.in'", `'${asha.email}'`)));
  const entries = rowsOf<{ user_id: string; extra_minutes: number }>(
    await db.execute(sql`SELECT user_id, extra_minutes FROM user_contest_entries WHERE contest_id = ${contest!.id}`),
  );
  expect(Object.fromEntries(entries.map((e) => [e.user_id, e.extra_minutes]))).toEqual({ [asha.userId]: 20, [other.userId]: 0 });
  expect((await db.select().from(contests).where(eq(contests.id, contest!.id)))[0]!.longest_extra_minutes).toBe(20);
});
