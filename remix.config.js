/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Not "**/*.test.tsx": the test page is the route contest.$id.test.tsx (tests live in tests/).
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
