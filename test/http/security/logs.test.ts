// Secrets and tokens never reach the logs, whatever the request does with them.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/core/log.js";
import { startService, type Running } from "../../../facades/server.js";
import * as identity from "../../../src/identity/service.js";
import { createTestDatabase, type TestDatabase } from "../../support/databases.js";
import { providers } from "../../support/env.js";

describe.each(providers)("logs never contain credentials (%s)", (provider) => {
  let db: TestDatabase;
  let running: Running;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(provider);
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const log = createLogger("debug", sink);
    running = await startService({
      config: loadConfig({ ...process.env, DATABASE_URL: db.url, PORT: "0", LOG_LEVEL: "debug", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }),
      log,
      skipMigrate: true,
    });
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it("logs requests with ids but without secrets, tokens or passwords", async () => {
    const services = running.core!.services;
    const store = await identity.createStore(services, "Log store");
    const { secret } = await identity.createApiClient(services, store.id, { name: "k", scopes: ["checkout_read"] });
    const password = "a-very-secret-password";
    await identity.createStaffUser(services, store.id, "log@example.test", password);
    const post = (body: unknown, auth?: string) =>
      fetch(running.url + "/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify(body),
      });

    const login = await (await post({ query: `mutation { login(email: "log@example.test", password: "${password}") { token } }` })).json();
    const token = login.data.login.token as string;
    await post({ query: "{ viewer { __typename } }" }, `Bearer ${token}`);
    await fetch(`${running.url}/v2.2/stores/${store.id}/checkout-ab-tests`, { headers: { authorization: `Bearer ${secret}` } });
    await fetch(`${running.url}/v2.2/stores/${store.id}/checkout-ab-tests`, { headers: { authorization: `Bearer ${secret}x` } });
    await fetch(`${running.url}/api/v1/warehouse/return/list`, { headers: { "x-authorization": secret } });
    await fetch(`${running.url}/v2.2/stores/${store.id}/checkout-experiences/x`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: "{bad json",
    });
    // Webhook secrets: the subscriber's token and the signing secret, and an Idempotency-Key'd create.
    const subscriberToken = "subscriber-token-never-logged-42";
    const wh = await fetch(`${running.url}/v2.2/stores/${store.id}/webhooks`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${(await identity.createApiClient(services, store.id, { name: "w", scopes: ["webhooks_write"] })).secret}`,
        "content-type": "application/json",
        "idempotency-key": "idem-key-never-logged",
      },
      body: JSON.stringify({
        webhook: { topic: "return", callback: { url: "http://127.0.0.1:9/h", auth: { bearer: { token: subscriberToken } } } },
      }),
    });
    const signingSecret = ((await wh.json()) as { webhook: { signingSecret: string } }).webhook.signingSecret;
    expect(signingSecret).toMatch(/^whsec_/);
    // Wait for the last request's record (written when its response finishes), then look for secrets.
    await expect.poll(() => lines.some((l) => l.includes('"msg":"request"') && l.includes(`/stores/${store.id}/webhooks`))).toBe(true);

    const all = lines.join("");
    expect(lines.length).toBeGreaterThan(5);
    expect(all).toContain('"msg":"request"');
    for (const needle of [
      secret,
      secret.split("_").pop()!,
      token,
      token.split("_").pop()!,
      password,
      subscriberToken,
      signingSecret,
      signingSecret.slice(6),
    ]) {
      expect(all).not.toContain(needle);
    }
  });
});
