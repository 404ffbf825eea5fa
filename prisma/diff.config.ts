// Configuration for the Prisma 6.19 CLI (devDependency `prisma6`), used only by src/db/new-migration.ts
// for `migrate diff --from-schema-datamodel … --to-schema-datamodel … --script`. Prisma 7 has no
// WebAssembly schema engine and its native one cannot be downloaded here; 6.19 diffs two schema files
// with its WebAssembly engine, for either provider, without touching any database. The adapter is never
// connected by a schema-to-schema diff, but the "js" engine requires one. `schema` must name a file the
// 6.19 CLI reads as client-engine (engineType = "client"): it inspects it at start-up and would otherwise
// download the native query engine; new-migration.ts passes its prepared copy in RETOUR_DIFF_SCHEMA.
import { defineConfig } from "prisma6/config";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: process.env.RETOUR_DIFF_SCHEMA,
  adapter: async () => new PrismaBetterSqlite3({ url: ":memory:" }),
});
