/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Not "**/*.test.tsx": the test page is the route contest.$id.test.tsx (tests live in tests/).
  // A route's `*.query.server.ts` beside it is its loader's reads, not a route (docs/architecture.md).
  ignoredRouteFiles: ["**/.*", "**/*.query.server.ts"],
  serverModuleFormat: "esm",
  // build/index.js is the server itself (the front door in front of Remix), started by server.js.
  server: "app/server/main.server.ts",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
