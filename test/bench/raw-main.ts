// The raw-driver reference (raw.ts) as a process of its own, so that `--instructions` can run it under
// callgrind like the service: `node --import tsx test/bench/raw-main.ts` with DATABASE_URL and
// RAW_READ_ANSWER (a file holding the REST door's JSON for the read). Prints its URL on stdout and
// exits cleanly on SIGTERM, so that callgrind writes its totals.
import { readFileSync } from "node:fs";
import { providerOf } from "../../src/db/url.js";
import type { TestService } from "../support/server.js";
import { rawServer } from "./raw.js";

const databaseUrl = process.env.DATABASE_URL ?? "";
const read = JSON.parse(readFileSync(process.env.RAW_READ_ANSWER ?? "", "utf8"));
const raw = await rawServer({ provider: providerOf(databaseUrl), databaseUrl } as TestService, { read });
process.stdout.write(`listening ${raw.url}\n`);
process.on("SIGTERM", async () => {
  await raw.close();
  process.exit(0);
});
