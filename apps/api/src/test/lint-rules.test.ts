import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const QUERY = `import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
export const byId = (id: number) => eq(users.id, id);
`;

async function restrictedImports(file: string, code = QUERY): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("queries only in repositories (eslint no-restricted-imports)", { timeout: 120_000 }, () => {
  it("refuses drizzle-orm and the tables in a service, a route and a new module", async () => {
    for (const file of [
      "apps/api/src/modules/shift-logs/service.ts",
      "apps/api/src/modules/packages/routes.ts",
      "apps/api/src/modules/vendors/service.ts",
    ]) {
      const messages = await restrictedImports(file);
      expect(messages, file).toHaveLength(2);
      expect(messages[0]).toContain("repository.ts");
    }
  });

  it("refuses a drizzle-orm subpath and the schema of one area", async () => {
    const messages = await restrictedImports(
      "apps/api/src/modules/occupancies/apartments.ts",
      `import { pgTable } from "drizzle-orm/pg-core";\nimport { apartments } from "../../db/schema/unit-profiles.ts";\nexport const t = [pgTable, apartments];\n`,
    );
    expect(messages).toHaveLength(2);
  });

  it("allows them in repositories, the database layer and tests", async () => {
    for (const file of [
      "apps/api/src/modules/shift-logs/repository.ts",
      "apps/api/src/modules/vendors/repository.ts",
      "apps/api/src/db/seed/demo.ts",
      "apps/api/src/modules/packages/packages.test.ts",
    ])
      expect(await restrictedImports(file), file).toEqual([]);
  });
});
