// Issue 34, part 5: the platform's list without paginate at its bound (10 000 returns) in flat memory,
// measured from outside: the real service in a child process with its heap capped at 160 MB answers the
// whole window, again and again. (Built whole in memory, as before facades/compat/unpaged.ts, the same
// request made that process run out of heap and die; uncapped it grew by 200 to 350 MB per request.)
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executorMode, providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { seedReturns } from "../../support/returns-seed.js";
import { startChildService, type ChildService } from "../../support/child-service.js";
import { W } from "../../support/compat.js";
import { PAGE_SIZES } from "../../../src/core/bounds.js";

const BOUND = PAGE_SIZES.warehouseReturns.unpaged;
const HEAP_MB = 160;

// The child is the whole service (its door runs its core in-process): the remote executor's run adds nothing.
describe.skipIf(executorMode === "remote").each(providers)("compat list without paginate at its bound, heap capped (%s)", (provider) => {
  let svc: TestService;
  let child: ChildService;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
    ({ secret } = await seedReturns(svc, "memory", BOUND));
    child = await startChildService({
      ...NO_RATE_LIMITS,
      DATABASE_URL: svc.databaseUrl,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${HEAP_MB}`.trim(),
      RETOUR_DEMO: "false",
      WEBHOOK_DISPATCHER: "false",
      MAIL_SENDER: "false",
      RETENTION_SWEEP: "false",
    });
  }, 300_000);
  afterAll(async () => {
    await child?.stop();
    await svc?.close();
  });

  it(`answers the whole ${BOUND}-return window twice with a ${HEAP_MB} MB heap`, async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${child.url}${W}/return/list`, { headers: { "x-authorization": secret } });
      expect(res.status).toBe(200);
      const list = JSON.parse(await res.text()) as unknown[];
      expect(list).toHaveLength(BOUND);
    }
    expect(child.exited).toBe(false);
    const peak = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
    console.log(
      `unpaged list of ${BOUND} (${provider}): the service's peak RSS ${Math.round(Number(peak) / 1024)} MB with a ${HEAP_MB} MB heap`,
    );
  }, 300_000);
});
