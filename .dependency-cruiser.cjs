// The layers of docs/architecture.md, checked through every chain of imports, not only
// the direct ones eslint sees (issue 45, point 2): a module that reaches a forbidden
// layer through another file breaks the build as if it imported it itself.
// It also refuses cycles, in the same one pass over the graph (issue 66: eslint's
// import-x/no-cycle walked it again for each file). `npm run lint` runs it over app/;
// tests/unit/layers.test.ts proves each rule is on with probes in tests/fixtures/layers/.
// Each room of contests and the store names what routes may call: its front door. The
// rest of the room is its own to change (issue 66, point 4). A room that is not named
// here has no door yet, so a route reaching into it is refused until one is named.
const FRONT_DOORS = {
  "contests/catalogue": ["catalogue.server", "countdown", "dashboard", "enrolment.server", "enrolment", "kinds", "prizes", "rules", "stage.server", "stage"],
  "contests/challenges": ["challenge-fees.server", "challenge-schema", "challenges.server", "challenges"],
  "contests/paper": ["sealed-paper.server", "sealed-paper"],
  "contests/practice": ["practice-schema", "practice.server", "practice", "revision.server"],
  "contests/results": ["certificate-code", "certificates.server", "exam-report.server", "exam-report", "marking.server", "response-sheet.server", "results.server"],
  "contests/review": ["evidence.server", "review-board.server", "review-schema", "review.server", "review"],
  "contests/sitting": ["face-watch", "outages.server", "test-api.server", "test-rules", "test-traffic.server"],
  "store/cart": ["cart.server", "cart", "cart-schema"],
  "store/checkout": ["checkout-schema", "checkout-session.server", "checkout", "meeting.server", "orders.server", "pincodes.server", "reach.server"],
  "store/earnings": ["earnings.server"],
  "store/listings": ["listing-form.server", "listing", "listings.server", "photos.server", "products.server"],
  "store/orders": ["india-post", "order-life.server", "order-life", "order-returns.server", "order-steps-schema", "order-views.server", "shipments.server", "shiprocket.server"],
  "store/reviews": ["reviews.server", "reviews"],
  "store/search": ["query"],
};
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const doors = Object.entries(FRONT_DOORS).map(([room, modules]) => `${escape(room)}/(${modules.map(escape).join("|")})`);

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
      name: "contests-and-store-are-strangers",
      comment: "A contest and a book sale share only the ledger and the account: models/contests/ never reaches models/store/, nor the store contests, by any path (a purpose's fulfilment is chosen by models/fulfilments.server.ts, outside both).",
      severity: "error",
      from: { path: "^app/models/(contests|store)/" },
      to: { path: "^app/models/(contests|store)/", pathNot: "^app/models/$1/", reachable: true },
    },
    {
      name: "models-draw-nothing",
      comment: "A domain's rules say what is true, a component how it looks: app/models/ reaches no component, by any path (the screen is the route's to compose).",
      severity: "error",
      from: { path: "^app/models/" },
      to: { path: "^app/components/", reachable: true },
    },
    {
      name: "routes-enter-rooms-by-the-door",
      comment: "A route calls a room of contests or the store only through the modules the room names as its front door (FRONT_DOORS above); the rest of the room is reached through them.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/models/(contests|store)/[^/]+/", pathNot: `^app/models/(${doors.join("|")})[.]tsx?$` },
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
