// Builds the shopper portal (Preact, no other runtime dependency) into facades/portal/dist, beside the
// dashboard's build: `npm run build` runs both. Its weight is budgeted (test/http/portal/pages.test.ts).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL("./app", import.meta.url)),
  base: "/portal/",
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
  },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
});
