// Issue 45, point 2, and issue 66: the layers hold through other files too.
// dependency-cruiser (.dependency-cruiser.cjs, run over app/ by `npm run lint`) follows
// every chain of imports; this proves each of its rules is on by cruising, once and with
// the real rules, a small tree laid out like app/ in tests/fixtures/layers/: chains that
// a direct check lets through (each hop allowed on its own), the cycles, and chains that
// are allowed. Nothing is written into app/, so a killed run leaves nothing behind; the
// app itself is cruised by `npm run lint` alone.
import { createRequire } from "node:module";
import { cruise, type IConfiguration, type ICruiseResult } from "dependency-cruiser";
import { beforeAll, expect, test } from "vitest";

const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as Required<IConfiguration>;

let found: string[];
beforeAll(async () => {
  // The fixtures import each other by relative paths, so the app's tsconfig (for `~/`) is not needed.
  const { tsConfig: _tsConfig, ...options } = config.options;
  const result = await cruise(["app"], { ...options, baseDir: "tests/fixtures/layers", ruleSet: { forbidden: config.forbidden }, validate: true });
  const report = result.output as ICruiseResult;
  found = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}, 60_000);

const violation = (rule: string, from: string, to: string) => `${rule}: app/${from} -> app/${to}`;
const only = (rule: string) => found.filter((v) => v.startsWith(`${rule}: `)).sort();

test("every rule of the config is broken by a probe, and nothing but the probes is reported", () => {
  const rules = config.forbidden.map((r) => r.name).sort();
  expect([...new Set(found.map((v) => v.split(":")[0]))].sort()).toEqual(rules);
  // Each rule's own test below names all its violations; together they are every one found.
  expect(found.length).toBe(16);
});

test("a payments module that reaches the store or contests through a shared models module breaks the ledger's rule", () => {
  expect(only("payments-know-no-purpose")).toEqual([
    violation("payments-know-no-purpose", "models/payments/reaches-contests.server.ts", "models/contests/catalogue/prizes.ts"),
    violation("payments-know-no-purpose", "models/payments/reaches-store.server.ts", "models/store/checkout/checkout.ts"),
  ]);
});

test("accounts that reach a domain through a shared models module break the accounts rule; a chain into utils is fine", () => {
  expect(only("accounts-know-no-domain")).toEqual([violation("accounts-know-no-domain", "models/accounts/reaches-contests.server.ts", "models/contests/catalogue/prizes.ts")]);
  expect(found.filter((v) => v.includes("uses-utils"))).toEqual([]);
});

test("a catalog that writes a model's figure into its sentence breaks the catalogs' rule and, through the translator that stands on it, the utils' rule", () => {
  expect(only("catalogs-are-only-words")).toEqual([violation("catalogs-are-only-words", "locales/en/probe.ts", "models/support/policy.ts")]);
  expect(only("utils-are-domain-free")).toEqual([violation("utils-are-domain-free", "utils/i18n.server.ts", "models/support/policy.ts")]);
});

test("the database and the services reach no domain; a service may use the database", () => {
  expect(only("db-is-the-ground-floor")).toEqual([violation("db-is-the-ground-floor", "db/reaches-models.server.ts", "models/support/policy.ts")]);
  expect(only("services-are-domain-free")).toEqual([violation("services-are-domain-free", "services/reaches-models.server.ts", "models/support/policy.ts")]);
  expect(found.filter((v) => v.includes("uses-db"))).toEqual([]);
});

test("only start-up reaches the seed: a route that reaches it through a model breaks the rule, as the model does", () => {
  expect(only("only-startup-reaches-the-seed")).toEqual([
    violation("only-startup-reaches-the-seed", "models/seeded.server.ts", "seed/factories.server.ts"),
    violation("only-startup-reaches-the-seed", "routes/reaches-seed.tsx", "seed/factories.server.ts"),
  ]);
  expect(found.filter((v) => v.includes("server/start.server.ts"))).toEqual([]);
});

test("no import cycles, but for the schema's one pair: a third table file in its cycle is refused", () => {
  expect(only("no-circular")).toEqual([
    violation("no-circular", "db/schema/marketplace.ts", "db/schema/payments.ts"),
    violation("no-circular", "models/cycle-a.ts", "models/cycle-b.ts"),
  ]);
});

test("contests and the store reach each other by no path; a room of the store may use another file of the store", () => {
  expect(only("contests-and-store-are-strangers")).toEqual([
    violation("contests-and-store-are-strangers", "models/contests/catalogue/reaches-store.ts", "models/store/checkout/checkout.ts"),
    violation("contests-and-store-are-strangers", "models/store/checkout/reaches-contests.ts", "models/contests/catalogue/prizes.ts"),
  ]);
  expect(found.filter((v) => v.includes("stays-home"))).toEqual([]);
});

test("models never reach a component", () => {
  expect(only("models-draw-nothing")).toEqual([violation("models-draw-nothing", "models/support/draws.ts", "components/card.tsx")]);
});

test("a route calls a room of contests or the store through its front door only, and a room with no door named is shut", () => {
  expect(only("routes-enter-rooms-by-the-door")).toEqual([
    violation("routes-enter-rooms-by-the-door", "routes/reaches-a-room-without-a-door.tsx", "models/store/lending/loans.server.ts"),
    violation("routes-enter-rooms-by-the-door", "routes/reaches-past-the-door.tsx", "models/contests/sitting/answer-batch.server.ts"),
  ]);
  // The door itself may use the rest of its room.
  expect(found.filter((v) => v.includes("uses-the-door") || v.includes("sitting/test-api.server.ts"))).toEqual([]);
});
