// The operator's basics: Prometheus metrics at /metrics are off unless asked for, then served only
// to bearers of METRICS_TOKEN or on a separate METRICS_PORT; they count requests by door, route
// pattern and status, GraphQL operations, webhook attempts and queue, the pool and the process.
// HOST binds the server to one address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/core/log.js";
import { startService } from "../../../facades/server.js";
import { createTestDatabase, type TestDatabase } from "../../support/databases.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { freePort } from "../../support/processes.js";

describe.each(providers)("metrics (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const TOKEN = "metrics-token-for-tests";

  beforeAll(async () => {
    svc = await startTestService(provider, { METRICS_TOKEN: TOKEN });
    storeId = (await svc.createStore("Metrics store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("are served only to the METRICS_TOKEN bearer, with requests by route pattern, operations, webhooks, pool and process", async () => {
    expect((await fetch(`${svc.coreUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${svc.coreUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);

    expect((await svc.http.get(`/v2.2/stores/${storeId}/checkout-ab-tests`, { token: secret })).status).toBe(200);
    expect((await svc.http.get(`/v2.2/stores/${storeId}/checkout-ab-tests`, { token: "rtr_sk_wrong" })).status).toBe(401);
    const gql = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query: "query DashboardViewer { viewer { __typename } }" }),
    });
    expect(gql.status).toBe(200);

    const res = await fetch(`${svc.coreUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /retour_http_request_duration_seconds_count\{door="rest",route="\/v2.2\/stores\/:storeId\/checkout-ab-tests",method="GET",status="200"\} 1/,
    );
    expect(text).toContain('route="/v2.2/stores/:storeId/checkout-ab-tests",method="GET",status="401"');
    expect(text).toMatch(
      /retour_http_request_duration_seconds_bucket\{le="0.1",door="graphql",route="\/graphql",method="POST",status="200"\}/,
    );
    expect(text).not.toContain(storeId); // route patterns, never raw paths
    // The dashboard's own operation name is a label; a name only a client wrote is "other" (test/http/security/preauth-bounds.test.ts).
    expect(text).toMatch(/retour_graphql_operations_total\{operation="DashboardViewer",outcome="ok"\} 1/);
    expect(text).toMatch(/retour_webhook_queue_depth\{status="pending"\} 0/);
    expect(text).toMatch(/retour_webhook_oldest_pending_age_seconds 0/);
    expect(text).toContain("# TYPE retour_webhook_delivery_attempt_duration_seconds histogram");
    expect(text).toMatch(/retour_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
  });
});

describe.each(providers)("metrics off by default, or on their own port; HOST (%s)", (provider) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(provider);
  });
  afterAll(() => db?.drop());
  const log = createLogger("silent");
  const base = () => ({ ...process.env, NODE_ENV: "test", DATABASE_URL: db.url, PORT: "0", CURSOR_SECRET: "test-cursor-secret" });

  it("serves no /metrics without METRICS_TOKEN or METRICS_PORT", async () => {
    const running = await startService({ config: loadConfig(base()), log, skipMigrate: true });
    try {
      expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
    } finally {
      await running.close();
    }
  });

  it("serves /metrics on METRICS_PORT only, and not on the public port", async () => {
    const metricsPort = await freePort();
    const running = await startService({ config: loadConfig({ ...base(), METRICS_PORT: String(metricsPort) }), log, skipMigrate: true });
    try {
      expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("retour_db_pool_connections");
    } finally {
      await running.close();
    }
    // Closed with the service.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it("binds to HOST only", async () => {
    const running = await startService({ config: loadConfig({ ...base(), HOST: "127.0.0.1" }), log, skipMigrate: true });
    try {
      expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
      // Another loopback address of the same machine: nothing listens there.
      await expect(fetch(`http://127.0.0.2:${running.port}/healthz`)).rejects.toThrow();
    } finally {
      await running.close();
    }
  });
});
