import path from "node:path";
import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";

const root = path.resolve(import.meta.dirname, "../../../..");
const eslint = new ESLint({ cwd: root });

/** The messages of the feature-boundaries rule for `code` placed at `file` (from the repository root). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "portico/feature-boundaries").map((m) => m.message);
}

describe("lint: feature boundaries", () => {
  it("refuses a deep import into another feature, static or lazy", async () => {
    expect(
      await boundaryErrors(
        "apps/web/src/features/packages/components/X.tsx",
        'import { useOccupancy } from "../../occupancies/api.ts";\nexport const x = useOccupancy;\n',
      ),
    ).toEqual(["Import 'occupancies' through its index.ts ('../../occupancies/index.ts'), not its internals."]);
    expect(
      await boundaryErrors(
        "apps/web/src/features/occupancies/components/profile/Y.tsx",
        'export const y = () => import("../../../shift-logs/components/RecentShiftLogNotes.tsx");\n',
      ),
    ).toHaveLength(1);
  });

  it("refuses the app shell inside a feature", async () => {
    expect(
      await boundaryErrors(
        "apps/web/src/features/packages/pages/Z.tsx",
        'import { theme } from "../../../app/theme.ts";\nexport const z = theme;\n',
      ),
    ).toEqual(["A feature does not import the app shell (src/app); move what it needs to lib/ or components/."]);
  });

  it("lets a feature's tests read the shell's wiring, but not another feature's internals", async () => {
    expect(
      await boundaryErrors(
        "apps/web/src/features/packages/summary.test.tsx",
        'import { LIVE_TOPIC_QUERIES } from "../../app/liveTopics.ts";\nexport const q = LIVE_TOPIC_QUERIES;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "apps/web/src/features/dashboard/x.test.tsx",
        'import { fakeApi } from "../shift-logs/testing.tsx";\nexport const f = fakeApi;\n',
      ),
    ).toHaveLength(1);
  });

  it("allows another feature's index.ts, the feature's own files, lib/ and components/", async () => {
    expect(
      await boundaryErrors(
        "apps/web/src/features/packages/components/X.tsx",
        [
          'import { useOccupancy } from "../../occupancies/index.ts";',
          'import { usePackageTypes } from "../api.ts";',
          'import { api } from "../../../lib/api.ts";',
          'import { PhotoCapture } from "../../../components/PhotoCapture.tsx";',
          "export const all = [useOccupancy, usePackageTypes, api, PhotoCapture];",
          "",
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});
