import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { featureBoundaries } from "./apps/web/eslint/feature-boundaries.js";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/data/**", "apps/api/src/db/migrations/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  // Queries live in repositories: drizzle-orm and the table definitions are imported only by
  // repository.ts files, the database layer (schema, migrations, seeds), the data-access
  // modules of lib (their own tables), the sign-in provider's storage adapter, tests and bench.
  {
    files: ["apps/api/src/**/*.ts"],
    ignores: [
      // An area's queries: repository.ts, or split along its seams into *-repository.ts files.
      "apps/api/src/**/repository.ts",
      "apps/api/src/**/*-repository.ts",
      "apps/api/src/db/**",
      "apps/api/src/**/*.test.ts",
      "apps/api/src/**/test-helpers.ts",
      "apps/api/src/**/test-fixtures.ts",
      "apps/api/src/test/**",
      "apps/api/src/modules/auth/adapter.ts",
      "apps/api/src/lib/{access,current-user,files,mail,notifications,signing-keys,sms}.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: "Queries belong in the area's repository.ts." }],
          patterns: [
            {
              regex: "^drizzle-orm/",
              message: "Queries belong in the area's repository.ts.",
            },
            {
              regex: "(^|/)db/schema(/|\\.ts$|$)",
              message: "Tables are read and written in the area's repository.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // Web features use each other only through their index.ts and never import the app shell.
  {
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    plugins: { portico: { rules: { "feature-boundaries": featureBoundaries } } },
    rules: { "portico/feature-boundaries": "error" },
  },
);
