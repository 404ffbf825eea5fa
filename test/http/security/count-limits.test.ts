// Limits that count rows hold under concurrency (issue 22, finding 4): a burst of creates through
// every door (GraphQL, REST, compat), spread over two replicas sharing one database, never passes
// the limit, and every refused create gets a clear 4xx naming what is full. One race per limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_BOUNDS } from "../../../src/core/bounds.js";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import type { HttpClient } from "../../support/http.js";
import { pushOrder, returnBody } from "../../support/orders.js";

describe.each(providers)("count limits under concurrency (%s)", (provider) => {
  let svc: TestService;
  let replica: { url: string; http: HttpClient };
  const door = (i: number) => (i % 2 === 0 ? svc.http : replica.http);

  beforeAll(async () => {
    svc = await startTestService(provider, NO_RATE_LIMITS);
    replica = await svc.startReplica();
  });
  afterAll(() => svc?.close());

  it("never lets a store hold more than its 50 webhooks, whichever door 80 racing creates take", async () => {
    const storeId = (await svc.createStore("Webhook burst")).id;
    const key = (await svc.createApiClient(storeId, "all")).secret;
    const url = (i: number) => `http://127.0.0.1:9/burst-${i}`;
    // Four doors in turn: GraphQL createWebhook, REST POST …/webhooks, compat POST /api/v1/webhooks, GraphQL createWarehouseWebhook.
    const create = async (i: number): Promise<{ ok: boolean; status: number; text: string }> => {
      const http = door(i);
      switch (i % 4) {
        case 0: {
          const r = await http.graphql(
            `mutation($s: ID!, $i: CreateWebhookInput!) { createWebhook(storeId: $s, input: $i) { webhook { id } } }`,
            { s: storeId, i: { topic: "return", callback: { url: url(i), auth: { bearer: { token: `t${i}` } } } } },
            key,
          );
          const err = r.errors?.[0];
          return { ok: !err, status: err ? (err.extensions?.status ?? 500) : 200, text: JSON.stringify(r.errors ?? "") };
        }
        case 1: {
          const r = await http.post(
            `/v2.2/stores/${storeId}/webhooks`,
            { webhook: { topic: "return", callback: { url: url(i), auth: { bearer: { token: `t${i}` } } } } },
            { token: key },
          );
          return { ok: r.status === 201, status: r.status, text: r.text };
        }
        case 2: {
          const r = await http.post(
            "/api/v1/webhooks",
            { topic: "return", trigger: "return.created", url: `https://example.com/burst/${i}` },
            { headers: { "x-authorization": key } },
          );
          return { ok: r.status === 200, status: r.status, text: r.text };
        }
        default: {
          const r = await http.graphql(
            `mutation($s: ID, $i: WarehouseWebhookInput!) { createWarehouseWebhook(storeId: $s, input: $i) { id } }`,
            { s: storeId, i: { topic: "return", trigger: "return.updated", url: `https://example.com/burst/${i}` } },
            key,
          );
          const err = r.errors?.[0];
          return { ok: !err, status: err ? (err.extensions?.status ?? 500) : 200, text: JSON.stringify(r.errors ?? "") };
        }
      }
    };
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => create(i)));
    // Every refusal is the limit's (a clear 4xx), or on a loaded box a 503 "retry later" that changed
    // nothing; never a 500. The store holds exactly what was accepted, and never more than the limit.
    const busy = results.filter((r) => r.status === 503).length;
    for (const r of results.filter((x) => !x.ok && x.status !== 503)) {
      expect([400, 422], r.text).toContain(r.status);
      expect(r.text).toContain(`at most ${LIST_BOUNDS.storeWebhooks} webhooks`);
    }
    const stored = await svc.services.db.prisma.webhook.count({ where: { storeId } });
    expect(stored).toBe(results.filter((r) => r.ok).length);
    expect(stored).toBe(busy ? Math.min(LIST_BOUNDS.storeWebhooks, 80 - busy) : LIST_BOUNDS.storeWebhooks);
    // Every stored webhook is visible: the lists show all of them.
    const listed = await svc.http.get(`/v2.2/stores/${storeId}/webhooks`, { token: key });
    const compat = await svc.http.get("/api/v1/webhooks", { headers: { "x-authorization": key } });
    expect(listed.body.webhooks.length + compat.body.webhooks.length).toBe(stored);
  });

  it("never lets a store hold more than its return tags when creates race", async () => {
    const storeId = (await svc.createStore("Tag burst")).id;
    const key = (await svc.createApiClient(storeId, "all")).secret;
    const room = 10;
    await svc.services.db.prisma.returnTag.createMany({
      data: Array.from({ length: LIST_BOUNDS.storeReturnTags - room }, (_, i) => ({
        id: `rtg_burst_${provider}_${i}`,
        storeId,
        name: `Pre ${i}`,
        pillTheme: "NORMAL",
      })),
    });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? door(i)
              .put(`/v2.2/stores/${storeId}/return-tags/${encodeURIComponent(`Burst ${i}`)}`, { pillTheme: "NORMAL" }, { token: key })
              .then((r) => ({ ok: r.status === 200, status: r.status, text: r.text }))
          : door(i)
              .graphql(
                `mutation($s: ID!, $n: String!) { upsertReturnTag(storeId: $s, name: $n, pillTheme: NORMAL) { name } }`,
                { s: storeId, n: `Burst ${i}` },
                key,
              )
              .then((r) => ({ ok: !r.errors, status: r.errors?.[0]?.extensions?.status ?? 200, text: JSON.stringify(r.errors ?? "") })),
      ),
    );
    const busy = results.filter((r) => r.status === 503).length; // a loaded box: "retry later", nothing changed
    for (const r of results.filter((x) => !x.ok && x.status !== 503)) {
      expect(r.status, r.text).toBe(409);
      expect(r.text).toContain("limit-reached");
    }
    const accepted = Math.min(room, 40 - busy);
    expect(results.filter((r) => r.ok)).toHaveLength(accepted);
    expect(await svc.services.db.prisma.returnTag.count({ where: { storeId } })).toBe(LIST_BOUNDS.storeReturnTags - room + accepted);
  });

  it("never lets a store hold more than its locations when creates race", async () => {
    const storeId = (await svc.createStore("Location burst")).id;
    const staff = (await svc.createStaff(storeId)).token;
    const room = 10;
    await svc.services.db.prisma.location.createMany({
      data: Array.from({ length: LIST_BOUNDS.storeLocations - room }, (_, i) => ({
        id: `loc_burst_${provider}_${i}`,
        storeId,
        name: `Dock ${i}`,
      })),
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        door(i).graphql(
          `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id } }`,
          { s: storeId, n: `Burst ${i}` },
          staff,
        ),
      ),
    );
    const busy = results.filter((r) => r.errors?.[0]?.extensions?.status === 503).length;
    const refused = results.filter((r) => r.errors && r.errors[0].extensions?.status !== 503);
    for (const r of refused)
      expect(r.errors?.[0]?.extensions, JSON.stringify(r.errors)).toMatchObject({ status: 409, type: "locations/limit-reached" });
    const accepted = Math.min(room, results.length - busy);
    expect(results.filter((r) => !r.errors)).toHaveLength(accepted);
    expect(await svc.services.db.prisma.location.count({ where: { storeId } })).toBe(LIST_BOUNDS.storeLocations - room + accepted);
    const listed = await svc.http.graphql(`query($s: ID!) { locations(storeId: $s) { id } }`, { s: storeId }, staff);
    expect(listed.data.locations).toHaveLength(LIST_BOUNDS.storeLocations - room + accepted);
  });

  it("never lets a store hold more active API clients than its list shows when creates race", async () => {
    const storeId = (await svc.createStore("Key burst")).id;
    const staff = (await svc.createStaff(storeId)).token;
    const room = 10;
    const row = (i: number, revoked: boolean) => ({
      id: `akey_burst_${provider}_${revoked ? "r" : "a"}${i}`,
      storeId,
      name: `Pre ${i}`,
      lookupId: `burst${provider}${revoked ? "r" : "a"}${i}`,
      secretHash: "x",
      revokedAt: revoked ? new Date() : null,
    });
    // Revoked clients do not count, and are listed after the active ones.
    await svc.services.db.prisma.apiClient.createMany({
      data: [
        ...Array.from({ length: LIST_BOUNDS.storeApiClients - room }, (_, i) => row(i, false)),
        ...Array.from({ length: 5 }, (_, i) => row(i, true)),
      ],
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        door(i).graphql(
          `mutation($s: ID!, $n: String!) { createApiClient(storeId: $s, input: { name: $n, scopes: [returns_read] }) { secret } }`,
          { s: storeId, n: `Burst ${i}` },
          staff,
        ),
      ),
    );
    const busy = results.filter((r) => r.errors?.[0]?.extensions?.status === 503).length;
    const refused = results.filter((r) => r.errors && r.errors[0].extensions?.status !== 503);
    for (const r of refused)
      expect(r.errors?.[0]?.extensions, JSON.stringify(r.errors)).toMatchObject({ status: 409, type: "api-client/limit-reached" });
    const accepted = Math.min(room, results.length - busy);
    expect(results.filter((r) => !r.errors)).toHaveLength(accepted);
    const active = LIST_BOUNDS.storeApiClients - room + accepted;
    expect(await svc.services.db.prisma.apiClient.count({ where: { storeId, revokedAt: null } })).toBe(active);
    // Every active client is in the (capped) list.
    const listed = await svc.http.graphql(`query($s: ID!) { apiClients(storeId: $s) { id revokedAt } }`, { s: storeId }, staff);
    expect(listed.data.apiClients.filter((c: { revokedAt: string | null }) => c.revokedAt === null)).toHaveLength(active);
  });

  it("never lets a return carry more than its tags when taggings race", async () => {
    const storeId = (await svc.createStore("Return tag burst")).id;
    const key = (await svc.createApiClient(storeId, "all")).secret;
    const prisma = svc.services.db.prisma;
    await prisma.returnTag.createMany({
      data: Array.from({ length: LIST_BOUNDS.returnTags + 20 }, (_, i) => ({
        id: `rtg_each_${provider}_${i}`,
        storeId,
        name: `Each ${i}`,
        pillTheme: "NORMAL",
      })),
    });
    const order = await pushOrder(svc.http, storeId, key, { lines: [{ id: `tagburst-${Date.now()}`, quantity: 1 }] });
    const ret = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      {
        token: key,
      },
    );
    const id = ret.body.return.id;
    const results = await Promise.all(
      Array.from({ length: LIST_BOUNDS.returnTags + 20 }, (_, i) =>
        door(i).graphql(`mutation($id: ID!, $n: [String!]!) { tagReturn(id: $id, names: $n) { id } }`, { id, n: [`Each ${i}`] }, key),
      ),
    );
    const busy = results.filter((r) => r.errors?.[0]?.extensions?.status === 503).length;
    const refused = results.filter((r) => r.errors && r.errors[0].extensions?.status !== 503);
    for (const r of refused) expect(r.errors?.[0]?.message, JSON.stringify(r.errors)).toContain(`at most ${LIST_BOUNDS.returnTags} tags`);
    const accepted = Math.min(LIST_BOUNDS.returnTags, results.length - busy);
    expect(await prisma.returnTagLink.count({ where: { returnId: id } })).toBe(accepted);
    expect(refused).toHaveLength(results.length - busy - accepted);
  });
});
