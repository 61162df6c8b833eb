// The layers of docs/architecture.md, checked through every chain of imports, not only
// the direct ones eslint sees (issue 45, point 2): a module that reaches a forbidden
// layer through another file breaks the build as if it imported it itself.
// It also refuses cycles, in the same one pass over the graph (issue 66: eslint's
// import-x/no-cycle walked it again for each file). `npm run lint` runs it over app/;
// tests/unit/layers.test.ts proves each rule is on with probes in tests/fixtures/layers/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports, so each can be read, tested and moved alone. The one exception is the schema's pair app/db/schema/contests.ts and payments.ts: their tables refer to each other both ways (an entry names its payment, a payment its contest) only inside functions Drizzle calls once every file has loaded (app/db/schema/index.ts), a cycle that is safe while it runs through these two alone.",
      severity: "error",
      from: {},
      to: { circular: true, via: { pathNot: "^app/db/schema/(contests|payments)[.]ts$" } },
    },
    {
      name: "db-is-the-ground-floor",
      comment: "app/db/ reaches no domain, screen, seed or server code, by any path.",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: "^app/(models|routes|components|seed|server)/", reachable: true },
    },
    {
      name: "utils-are-domain-free",
      comment: "app/utils/ reaches no domain, component, seed, database, service, route or server code, by any path.",
      severity: "error",
      from: { path: "^app/utils/" },
      to: { path: "^app/(models|components|seed|db|services|routes|server)/", reachable: true },
    },
    {
      name: "services-are-domain-free",
      comment: "app/services/ reaches no domain, component, seed, route or server code, by any path.",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "^app/(models|components|seed|routes|server)/", reachable: true },
    },
    {
      name: "payments-know-no-purpose",
      comment: "The ledger serves any purpose: models/payments/ reaches neither contests nor the store, by any path (models/fulfilments.server.ts chooses).",
      severity: "error",
      from: { path: "^app/models/payments/" },
      to: { path: "^app/models/(contests|store)/", reachable: true },
    },
    {
      name: "accounts-know-no-domain",
      comment: "Sign-in serves every domain: models/accounts/ reaches no other domain, by any path.",
      severity: "error",
      from: { path: "^app/models/accounts/" },
      to: { path: "^app/models/(?!accounts/)[^/]+/", reachable: true },
    },
    {
      name: "catalogs-are-only-words",
      comment: "app/locales/ holds words: a figure in a sentence is a message value, given where the sentence is said, so the catalogs import nothing of the app's (and app/utils/i18n.server.ts, which stands on them, stays on the ground floor).",
      severity: "error",
      from: { path: "^app/locales/" },
      to: { path: "^app/(?!locales/)", reachable: true },
    },
    {
      name: "only-startup-reaches-the-seed",
      comment: "Factories and fixtures stay out of request code, by any path.",
      severity: "error",
      from: { path: "^app/(models|routes|components|utils|services|db)/" },
      to: { path: "^app/seed/", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    // Only what runs: a type-only import draws no arrow.
    tsPreCompilationDeps: false,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
