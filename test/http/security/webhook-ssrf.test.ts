// Issue 13 finding 11: the safe callback policy is the default whatever NODE_ENV says (only
// WEBHOOK_ALLOW_PRIVATE_URLS=true opts in), IPv6 forms that embed a private IPv4 address are refused,
// and a subscriber's answer is read only as far as the bytes the delivery log keeps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { emit } from "../../support/webhooks.js";

describe.each(providers)("webhook SSRF policy (%s)", (provider) => {
  describe("without the opt-in, under NODE_ENV=staging", () => {
    let svc: TestService;
    let storeId: string;
    let secret: string;

    beforeAll(async () => {
      // "" is an unset WEBHOOK_ALLOW_PRIVATE_URLS (the test support opts in otherwise).
      svc = await startTestService(provider, { NODE_ENV: "staging", WEBHOOK_ALLOW_PRIVATE_URLS: "" });
      storeId = (await svc.createStore()).id;
      secret = (await svc.createApiClient(storeId, ["webhooks_read", "webhooks_write"])).secret;
    });
    afterAll(() => svc?.close());

    it("refuses http, loopback, private and IPv6-embedded private targets with a 400 naming webhook.callback.url", async () => {
      for (const url of [
        "http://hooks.example.com/x",
        "https://127.0.0.1/x",
        "https://[::127.0.0.1]/x",
        "https://[2002:7f00:1::]/x",
        "https://[::ffff:169.254.169.254]/x",
        "https://[64:ff9b::10.0.0.1]/x",
        "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x",
        "https://2130706433/x",
        "https://0x7f.1/x",
      ]) {
        const res = await svc.http.post(
          `/v2.2/stores/${storeId}/webhooks`,
          { webhook: { topic: "return", callback: { url, auth: null } } },
          { token: secret },
        );
        expect([url, res.status, res.body.field ?? res.body.detail]).toEqual([url, 400, expect.stringContaining("webhook.callback.url")]);
      }
      expect(await svc.services.db.prisma.webhook.count({ where: { storeId } })).toBe(0);
      const ok = await svc.http.post(
        `/v2.2/stores/${storeId}/webhooks`,
        { webhook: { topic: "return", callback: { url: "https://hooks.example.com/retour", auth: null } } },
        { token: secret },
      );
      expect(ok.status).toBe(201);
    });
  });

  describe("reading a subscriber's answer", () => {
    let svc: TestService;
    let storeId: string;
    let sub: Subscriber;

    beforeAll(async () => {
      svc = await startTestService(provider, { WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_RETRY_SCHEDULE: "" });
      storeId = (await svc.createStore()).id;
      sub = await startSubscriber(() => ({ status: 200, streamBytes: 50 * 1024 * 1024 }));
    });
    afterAll(async () => {
      await sub?.close();
      await svc?.close();
    });

    it("stops after the 2 KB it keeps instead of downloading a 50 MB answer", async () => {
      const secret = (await svc.createApiClient(storeId, ["webhooks_write"])).secret;
      const created = await svc.http.post(
        `/v2.2/stores/${storeId}/webhooks`,
        { webhook: { topic: "return", callback: { url: `${sub.url}/big`, auth: null } } },
        { token: secret },
      );
      expect(created.status).toBe(201);
      await emit(svc.services, storeId, "ret_big_answer", "created");
      const prisma = svc.services.db.prisma;
      await expect.poll(() => prisma.webhookAttempt.count({ where: { webhookId: created.body.webhook.id } }), { timeout: 15_000 }).toBe(1);
      const attempt = await prisma.webhookAttempt.findFirstOrThrow({ where: { webhookId: created.body.webhook.id } });
      expect(attempt).toMatchObject({ outcome: "success", statusCode: 200 });
      expect(attempt.responseBody).toHaveLength(2048);
      await sub.waitFor((r) => r[0]?.bytesSent !== undefined);
      // What the socket buffers held when the dispatcher hung up, not the 50 MB.
      expect(sub.received[0].bytesSent).toBeLessThan(8 * 1024 * 1024);
    });
  });
});
