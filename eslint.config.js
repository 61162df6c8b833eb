// `npm run lint` (part of `npm test`): the import rules of STYLE.md (no cycles, no route
// importing a route, UI never importing the database or models), React's hook rules,
// and jsx-a11y, on top of the recommended JavaScript and TypeScript rules.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", ".data/", ".data-e2e/", "test-results/", "playwright-report/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      // Without these, import-x reads only .js files and no-cycle silently checks nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/routes", from: "./app/routes", message: "A route never imports another route: move what both need into a model or a util." },
            { target: "./app/components", from: ["./app/db", "./app/models"], message: "UI never imports the database or models: the route's loader hands it data." },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "off",
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
