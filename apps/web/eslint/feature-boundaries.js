/**
 * Lint rule: a web feature (apps/web/src/features/<name>/) uses another feature only through
 * that feature's index.ts, and never imports the app shell (apps/web/src/app/). Shared needs
 * move to lib/, components/ or the contract. A feature's tests may read the shell's wiring
 * (e.g. which queries a live topic refreshes) to check the feature plugs into it.
 */
import path from "node:path";

const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** 'features/packages/api.ts' → { area: 'features', feature: 'packages', rest: ['api.ts'] } */
function place(file) {
  const at = file.lastIndexOf(SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  return parts[0] === "features" ? { area: "features", feature: parts[1], rest: parts.slice(2) } : { area: parts[0] };
}

export const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Features import other features only through their index.ts, and never the app shell" },
    schema: [],
    messages: {
      deep: "Import '{{feature}}' through its index.ts ('{{index}}'), not its internals.",
      shell: "A feature does not import the app shell (src/app); move what it needs to lib/ or components/.",
    },
  },
  create(context) {
    const from = place(path.resolve(context.filename));
    if (!from || from.area !== "features") return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node) => {
      const source = node?.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string" || !source.value.startsWith("."))
        return;
      const to = place(path.resolve(path.dirname(context.filename), source.value));
      if (!to) return;
      if (to.area === "app" && !isTest) context.report({ node: source, messageId: "shell" });
      else if (
        to.area === "features" &&
        to.feature !== from.feature &&
        to.rest.length > 0 &&
        !(to.rest.length === 1 && /^index(\.tsx?)?$/.test(to.rest[0]))
      ) {
        const index = `${source.value.slice(0, source.value.lastIndexOf(`/${to.feature}/`))}/${to.feature}/index.ts`;
        context.report({ node: source, messageId: "deep", data: { feature: to.feature, index } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
