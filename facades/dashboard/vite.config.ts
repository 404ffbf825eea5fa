// Builds the dashboard (Preact, no other runtime dependency) into facades/dashboard/dist.
// Run by `npm run build`, which `npm ci` runs from postinstall.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL("./app", import.meta.url)),
  base: "/dashboard/",
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    reportCompressedSize: false,
  },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
});
