// `npm run lint` (part of `npm test`): the import rules of docs/architecture.md (no
// route importing a route, browser code never importing server modules or the database,
// payments knowing no purpose, db and utils importing no domain), React's hook rules, and
// jsx-a11y, on top of the recommended JavaScript and TypeScript rules. Cycles, and every
// rule that must hold through a chain of imports, are dependency-cruiser's
// (.dependency-cruiser.cjs), which sees the whole graph in one pass (issue 66).
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", "public/proctor/*/face-api.esm.js", "node_modules/", ".data/", ".data-e2e/", "test-results/", "playwright-report/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      // Without these, import-x reads only .js files and its path rules silently check nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/routes/**/*", from: "./app/routes/**/*", except: ["**/*.query.server.ts"], message: "A route never imports another route (its own *.query.server.ts is not one): move what both need into a model or a util." },
            { target: "./app/models/payments", from: ["./app/models/contests", "./app/models/store"], message: "The payment ledger knows no purpose: a fulfilment (in its own domain) is chosen by app/models/fulfilments.server.ts." },
            { target: "./app/models/accounts", from: ["./app/models/contests", "./app/models/store", "./app/models/blog", "./app/models/payments"], message: "Accounts know no other domain: what a guest was doing before login is resumed by that domain (the login route composes them)." },
            { target: "./app/db", from: ["./app/models", "./app/seed", "./app/components", "./app/routes"], message: "app/db is the schema, the client and migrations: it imports no domain." },
            { target: ["./app/models", "./app/utils", "./app/components"], from: ["./app/routes", "./app/root.tsx"], message: "Only routes compose screens: models, utils and UI never import a route." },
            { target: "./app/utils", from: ["./app/models", "./app/components", "./app/seed", "./app/db", "./app/services"], message: "app/utils is cross-cutting plumbing: it imports no domain, no database and no service (those that need the database are app/services)." },
            { target: "./app/services", from: ["./app/models", "./app/components", "./app/seed", "./app/routes", "./app/server"], message: "app/services is the server's plumbing (mail outbox, rate limits, logs, background work): it imports no domain." },
            { target: ["./app/models", "./app/utils", "./app/components", "./app/routes"], from: "./app/seed", message: "Seed data, factories and fixtures are for start-up and tests only." },
            { target: ["./app/models", "./app/utils", "./app/services", "./app/components", "./app/db", "./app/seed"], from: "./app/server", message: "app/server is the front door and the instance's start-up: only routes (their requestPolicy) and the server itself import it." },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // What the browser may load: the bundle must never pull in server code or the
    // database. The `.server` suffix, not the folder, is the line (docs/product/style.md §1).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/root.tsx", "app/entry.server.tsx", "app/**/*.server.{ts,tsx}", "app/db/**", "app/seed/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "\\.server(\\.tsx?)?$", message: "Browser-side code never imports a *.server module: the route's loader hands it data." },
            { regex: "^(~/db/|(\\.\\./)+db/)", message: "Browser-side code never imports the database." },
          ],
        },
      ],
    },
  },
  {
    // The catalogs' words reach the browser only as a page's compiled messages, from its
    // loaders: one module reads them (docs/architecture.md). Their types are for everyone.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/utils/i18n.server.ts", "app/locales/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^~/locales/", allowTypeImports: true, message: "Only app/utils/i18n.server.ts reads the catalogs; a loader returns its page's messages (i18nFor)." }] },
      ],
    },
  },
  {
    // Test code may reach into anything it tests; Playwright fixtures destructure `{}`.
    files: ["tests/**"],
    rules: { "import-x/no-restricted-paths": "off", "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // Remix's ambient types are referenced the way its templates do.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
);
