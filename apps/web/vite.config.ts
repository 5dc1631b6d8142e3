/// <reference types="node" />
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const API = process.env.PORTICO_API_URL ?? "http://localhost:3000";

/**
 * Vendor groups: only libraries every screen needs at start-up get their own long-cached
 * chunks. MUI and the rest are left to the natural split so that a lazy page pulls just
 * the components it uses (a catch-all "mui" chunk would drag DataGrid-sized code into the
 * initial load).
 */
const vendorGroups = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
  { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: "auth", test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/, priority: 20 },
  { name: "emotion", test: /node_modules[\\/](@emotion|stylis|hoist-non-react-statics)[\\/]/, priority: 20 },
];

/**
 * The contract package is plain declarations (schemas, constants, rules) but has no
 * `sideEffects: false` in its package.json; telling the bundler so keeps zod and unused
 * schemas out of chunks that only need a message or a constant.
 */
const contractIsPure = (): Plugin => ({
  name: "portico:contract-is-pure",
  transform(code, id) {
    if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
    return null;
  },
});

export default defineConfig({
  plugins: [react(), contractIsPure()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API, changeOrigin: false },
      "/oidc": { target: API, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API, changeOrigin: false },
      "/oidc": { target: API, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
