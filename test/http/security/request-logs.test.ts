// The operator's basics: every access-log line names the full path (not the path inside the door's
// router), the door, the route pattern or GraphQL operation, and the API client id, never a secret.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/core/log.js";
import { startService, type Running } from "../../../facades/server.js";
import * as identity from "../../../src/identity/service.js";
import { createTestDatabase, type TestDatabase } from "../../support/databases.js";
import { providers } from "../../support/env.js";

describe.each(providers)("access log names path, door, route, operation and API client (%s)", (provider) => {
  let db: TestDatabase;
  let running: Running;
  const records: Record<string, unknown>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(provider);
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of chunk.toString().split("\n")) if (line.trim()) records.push(JSON.parse(line));
        cb();
      },
    });
    running = await startService({
      config: loadConfig({ ...process.env, NODE_ENV: "test", DATABASE_URL: db.url, PORT: "0", LOG_LEVEL: "info" }),
      log: createLogger("info", sink),
      skipMigrate: true,
    });
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it("logs each door's request with its full path and what it ran", async () => {
    const services = running.core!.services;
    const store = await identity.createStore(services, "Log store");
    const { apiClient, secret } = await identity.createApiClient(services, store.id, {
      name: "k",
      scopes: ["checkout_read", "returns_read"],
    });
    const auth = { authorization: `Bearer ${secret}` };
    await fetch(`${running.url}/graphql`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ query: "query WhoAmI { viewer { __typename } }" }),
    });
    await fetch(`${running.url}/v2.2/stores/${store.id}/checkout-ab-tests?page-size=5`, { headers: auth });
    await fetch(`${running.url}/api/v1/warehouse/return/list`, { headers: { "x-authorization": secret } });
    await fetch(`${running.url}/dashboard/returns`);
    // A secret pasted into a path by mistake, a shopper's status link and a photo link: never written as they are.
    await fetch(`${running.url}/v2.2/stores/${secret}/returns`, { headers: auth });
    await fetch(`${running.url}/portal/some-shop/returns/ret_01abc.SIGNATURE-of-the-link`);
    await fetch(`${running.url}/portal/photos/ph_unguessable0123456789ab`);
    await fetch(`${running.url}/no/such/place`);
    // A request's record is written when its response finishes: wait for the last one's.
    await expect.poll(() => records.some((r) => r.msg === "request" && r.path === "/no/such/place")).toBe(true);

    const requests = records.filter((r) => r.msg === "request");
    const written = JSON.stringify(records);
    for (const secretPart of [secret, "SIGNATURE-of-the-link", "ph_unguessable"]) expect(written).not.toContain(secretPart);
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/v2.2/stores/[redacted]/returns", "/portal/some-shop/returns/[redacted]", "/portal/photos/[redacted]"]),
    );
    const find = (path: string) => requests.find((r) => r.path === path);
    expect(find("/graphql")).toMatchObject({
      method: "POST",
      door: "graphql",
      route: "/graphql",
      operation: "WhoAmI",
      apiClientId: apiClient.id,
      status: 200,
    });
    expect(find(`/v2.2/stores/${store.id}/checkout-ab-tests`)).toMatchObject({
      door: "rest",
      route: "/v2.2/stores/:storeId/checkout-ab-tests",
      operation: expect.any(String),
      apiClientId: apiClient.id,
      status: 200,
    });
    expect(find("/api/v1/warehouse/return/list")).toMatchObject({
      door: "compat",
      route: "/api/v1/warehouse/return/list",
      operation: expect.any(String),
      apiClientId: apiClient.id,
    });
    expect(find("/dashboard/returns")).toMatchObject({ door: "dashboard", status: 200 });
    expect(find("/no/such/place")).toMatchObject({ door: "none", route: "unmatched", status: 404 });
    const all = JSON.stringify(records);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(secret.split("_").pop()!);
  });
});
