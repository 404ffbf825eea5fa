// DATABASE_READ_URL (issue 34): the reads that tolerate lag go to a read replica, everything else stays on
// DATABASE_URL. The "replica" is a copy of the database taken at one moment, so it lags by everything
// written since: the returns list, its status counts and the overview answer as the copy does, while a
// return read by id, a write, and the read of what that write changed answer from DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/core/log.js";
import { openDatabase, type Database } from "../../../src/db/client.js";
import { createApiClient, createStore } from "../../../src/identity/service.js";
import { ALL_SCOPES } from "../../../src/identity/scopes.js";
import { startService, type Running } from "../../../facades/server.js";
import { createTestDatabase, snapshotTestDatabase, type TestDatabase } from "../../support/databases.js";
import { providers } from "../../support/env.js";
import { HttpClient } from "../../support/http.js";
import { ensureReturn } from "../../support/webhooks.js";

const start = (env: Record<string, string>) =>
  startService({
    config: loadConfig({
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      CURSOR_SECRET: "test-cursor-secret",
      WEBHOOK_DISPATCHER: "false",
      RETENTION_SWEEP: "false",
      MAIL_SENDER: "false",
      ...env,
    }),
    log: createLogger("silent"),
    skipMigrate: true,
  });

describe.each(providers)("reads pointed at a read replica (%s)", (provider) => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let running: Running;
  let replicaDb: Database;
  let http: HttpClient;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    primary = await createTestDatabase(provider);
    // Before the copy: a store, its key and return A.
    const first = await start({ DATABASE_URL: primary.url });
    const services = first.core!.services;
    storeId = (await createStore(services, "Replica store")).id;
    secret = (await createApiClient(services, storeId, { name: "key", scopes: [...ALL_SCOPES], legacyAllScopes: false })).secret;
    await ensureReturn(services, storeId, "ret_replica_a");
    await first.close();
    replica = await snapshotTestDatabase(primary);
    running = await start({ DATABASE_URL: primary.url, DATABASE_READ_URL: replica.url });
    // After the copy, on DATABASE_URL only: return B.
    await ensureReturn(running.core!.services, storeId, "ret_replica_b");
    http = new HttpClient(running.url);
    replicaDb = await openDatabase(replica.url);
  }, 60_000);

  afterAll(async () => {
    await replicaDb?.close();
    await running?.close();
    await replica?.drop();
    await primary?.drop();
  });

  const listed = async (query = "") => {
    const res = await http.get(`/v2.2/stores/${storeId}/returns${query}`, { token: secret });
    expect(res.status).toBe(200);
    return (res.body.returns as { id: string }[]).map((r) => r.id);
  };

  it("lists, counts and the overview read the replica; a return by id, a write and reading it back use DATABASE_URL", async () => {
    // The list (REST, through the core's GraphQL) is the replica's: B is not there yet.
    expect(await listed()).toEqual(["ret_replica_a"]);
    // By id: DATABASE_URL's.
    expect((await http.get("/v2.2/returns/ret_replica_b", { token: secret })).status).toBe(200);

    // A write goes to DATABASE_URL, and its caller reads it back there; the replica has not seen it.
    const put = await http.put("/v2.2/returns/ret_replica_a/status", { status: "delivered" }, { token: secret });
    expect(put.status).toBe(204);
    expect((await http.get("/v2.2/returns/ret_replica_a/status", { token: secret })).body).toEqual({ status: "delivered" });
    expect(await replicaDb.prisma.return.findUnique({ where: { id: "ret_replica_a" }, select: { status: true } })).toEqual({
      status: "open",
    });
    expect(await listed("?status=delivered")).toEqual([]);
    expect(await listed("?status=open")).toEqual(["ret_replica_a"]);

    // The dashboard's tabs and overview: the replica's counts (one open return), not DATABASE_URL's (two, one delivered).
    const res = await http.graphql(
      `query($s: ID!) {
        returns(storeId: $s) { statusCounts { status count } }
        returnsOverview(storeId: $s) { returnCount byStatus { status count } }
      }`,
      { s: storeId },
      secret,
    );
    expect(res.errors).toBeUndefined();
    const nonZero = (rows: { status: string; count: number }[]) => rows.filter((r) => r.count > 0);
    expect(nonZero(res.data.returns.statusCounts)).toEqual([{ status: "open", count: 1 }]);
    expect(res.data.returnsOverview.returnCount).toBe(1);
    expect(nonZero(res.data.returnsOverview.byStatus)).toEqual([{ status: "open", count: 1 }]);
  });

  it("refuses a replica on another engine", () => {
    const other = provider === "sqlite" ? "postgresql://postgres@127.0.0.1:5432/x" : "file:./x.db";
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_URL: primary.url, DATABASE_READ_URL: other })).toThrow(/same engine/);
  });
});
