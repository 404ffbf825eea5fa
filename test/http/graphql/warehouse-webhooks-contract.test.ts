// The GraphQL contract of the warehouse platform's webhooks (kind `loop`), as the dashboard uses it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

const W_FIELDS = `id kind topic trigger status platformId shopId callback { url } createdAt`;

describe.each(providers)("warehouse webhooks GraphQL (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;
  const gql = (query: string, variables: Record<string, unknown> = {}) => svc.http.graphql(query, variables, key);

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Contract store")).id;
    key = (await svc.createApiClient(storeId, ["webhooks_read", "webhooks_write"])).secret;
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("creates inactive by default, lists oldest first, updates, deletes; shop id and secret shown once", async () => {
    expect((await gql(`query($s: ID!) { warehouseSigningSecret(storeId: $s) { hint } }`, { s: storeId })).data).toEqual({
      warehouseSigningSecret: null,
    });
    const create = await gql(
      `mutation($s: ID!, $i: WarehouseWebhookInput!) { createWarehouseWebhook(storeId: $s, input: $i) { ${W_FIELDS} } }`,
      { s: storeId, i: { topic: "return", trigger: "return.created", url: "https://example.com/hook" } },
    );
    expect(create.errors).toBeUndefined();
    const w = create.data.createWarehouseWebhook;
    expect(w).toMatchObject({ kind: "loop", topic: "return", trigger: "return.created", status: "inactive", platformId: 1 });
    expect(Number.isInteger(w.shopId)).toBe(true);
    const second = await gql(
      `mutation($s: ID!, $i: WarehouseWebhookInput!) { createWarehouseWebhook(storeId: $s, input: $i) { platformId status } }`,
      {
        s: storeId,
        i: { topic: "return.processing", trigger: "return.processing.failed", url: "https://example.com/p", status: "active" },
      },
    );
    expect(second.data.createWarehouseWebhook).toEqual({ platformId: 2, status: "active" });

    const bad = await gql(`mutation($s: ID!, $i: WarehouseWebhookInput!) { createWarehouseWebhook(storeId: $s, input: $i) { id } }`, {
      s: storeId,
      i: { topic: "restock", trigger: "restock.requested", url: "ftp://x", status: "on" },
    });
    expect(bad.errors?.[0].extensions?.problems.map((p: { field: string }) => p.field)).toEqual(["topic", "trigger", "url", "status"]);

    const upd = await gql(
      `mutation($s: ID!, $p: Int!, $i: WarehouseWebhookInput!) { updateWarehouseWebhook(storeId: $s, platformId: $p, input: $i) { trigger status callback { url } } }`,
      { s: storeId, p: 1, i: { topic: "return", trigger: "return.updated", url: "https://example.com/h2", status: "active" } },
    );
    expect(upd.data.updateWarehouseWebhook).toEqual({
      trigger: "return.updated",
      status: "active",
      callback: { url: "https://example.com/h2" },
    });

    const list = await gql(`query($s: ID!) { warehouseWebhooks(storeId: $s) { platformId } webhooks(storeId: $s) { id } }`, { s: storeId });
    expect(list.data).toEqual({ warehouseWebhooks: [{ platformId: 1 }, { platformId: 2 }], webhooks: [] });
    // REST lists Retour's own kind only, in its unchanged shape; by id a loop webhook still answers (log, replay, health).
    const rest = await svc.http.get(`/v2.2/stores/${storeId}/webhooks`, { token: key });
    expect(rest.status).toBe(200);
    expect(rest.body.webhooks).toEqual([]);
    const health = await gql(`query($id: ID!) { webhook(id: $id) { kind status health { status } } }`, { id: w.id });
    expect(health.data.webhook).toEqual({ kind: "loop", status: "active", health: { status: "never_delivered" } });

    const reveal = `mutation($s: ID!) { revealWarehouseSigningSecret(storeId: $s) { secret hint createdAt } }`;
    const shown = (await gql(reveal, { s: storeId })).data.revealWarehouseSigningSecret;
    expect(shown.secret.slice(-4)).toBe(shown.hint);
    const again = await gql(reveal, { s: storeId });
    expect(again.errors?.[0].extensions).toMatchObject({ status: 409, type: "webhooks/secret-already-shown" });
    const rotated = (await gql(`mutation($s: ID!) { rotateWarehouseSigningSecret(storeId: $s) { secret hint } }`, { s: storeId })).data
      .rotateWarehouseSigningSecret;
    expect(rotated.secret).not.toBe(shown.secret);
    expect((await gql(`query($s: ID!) { warehouseSigningSecret(storeId: $s) { hint shown } }`, { s: storeId })).data).toEqual({
      warehouseSigningSecret: { hint: rotated.hint, shown: true },
    });

    const del = await gql(`mutation($s: ID!, $p: Int!) { deleteWarehouseWebhook(storeId: $s, platformId: $p) { webhookId } }`, {
      s: storeId,
      p: 1,
    });
    expect(del.data.deleteWarehouseWebhook.webhookId).toBe(w.id);
    const gone = await gql(`mutation($s: ID!, $p: Int!) { deleteWarehouseWebhook(storeId: $s, platformId: $p) { webhookId } }`, {
      s: storeId,
      p: 1,
    });
    expect(gone.errors?.[0].extensions?.status).toBe(404);
  });

  it("refuses createWebhook kind loop, pointing to the warehouse mutation", async () => {
    const res = await gql(`mutation($s: ID!, $i: CreateWebhookInput!) { createWebhook(storeId: $s, input: $i) { webhook { id } } }`, {
      s: storeId,
      i: { topic: "return", kind: "loop", callback: { url: "https://example.com/x" } },
    });
    expect(res.errors?.[0].message).toContain("createWarehouseWebhook");
  });
});
