// Prisma 7 CLI configuration (loaded by the CLI only, never by the application). The CLI is only used
// for `prisma generate` (src/db/generate.ts); migrations are applied by src/db/migrate.ts and diffed by
// the Prisma 6.19 CLI with prisma/diff.config.ts (src/db/new-migration.ts).
// DATABASE_URL picks the schema: file:… → prisma/schema.prisma (SQLite, source of truth),
// postgres[ql]://… → prisma/postgres/schema.prisma (derived).
// The four remedies for 6.19's WebAssembly schema engine are gone: 7.x has no such engine (no lingering
// timers), adapter-pg 7.x reads catalog types itself (prisma#27403), and no command uses a shadow database.
import { defineConfig } from "prisma/config";
import { DEFAULT_DATABASE_URL, providerOf } from "./src/db/url.js";

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const sqlite = providerOf(url) === "sqlite";

export default defineConfig({
  schema: sqlite ? "prisma/schema.prisma" : "prisma/postgres/schema.prisma",
  migrations: { path: sqlite ? "prisma/migrations/sqlite" : "prisma/migrations/postgres" },
  datasource: { url },
});
