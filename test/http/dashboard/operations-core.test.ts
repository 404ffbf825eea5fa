// Core operations behind the dashboard's operations pages, through HTTP on both databases: webhook
// health and test events, the at-least-one-scope rule for API clients, and product / variant edits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { expectNoErrors } from "../../support/gql.js";

const CREATE_WEBHOOK = `mutation($s: ID!, $i: CreateWebhookInput!) { createWebhook(storeId: $s, input: $i) { webhook { id } } }`;
const HEALTH = `query($id: ID!) { webhook(id: $id) { health { status failingSince lastSuccessAt consecutiveFailures } } }`;
const SEND_TEST = `mutation($id: ID!) { sendWebhookTestEvent(id: $id) { id webhookId subjectId type reason status eventId } }`;
const DELIVERY = `query($id: ID!) { webhookDelivery(id: $id) { status attempts { outcome at } } }`;
const CREATE_CLIENT = `mutation($s: ID!, $i: CreateApiClientInput!) { createApiClient(storeId: $s, input: $i) { apiClient { id scopes legacyAllScopes } } }`;
const SET_SCOPES = `mutation($id: ID!, $scopes: [Scope!]!) { setApiClientScopes(id: $id, scopes: $scopes) { id scopes } }`;
const UPLOAD = `mutation($s: ID!, $p: [ProductFamilyInput!]!) { uploadProducts(storeId: $s, families: $p) { outcomes { status familyId products { id sku } } } }`;
const FAMILY_FIELDS = `id title vendor tags images { url altText } products { id sku title upc price { amount currency } weight weightUnit images { url altText } }`;
const FAMILY = `query($s: ID!, $id: ID!) { productFamily(storeId: $s, id: $id) { ${FAMILY_FIELDS} } }`;
const EDIT_FAMILY = `mutation($s: ID!, $id: ID!, $i: ProductFamilyEditInput!) { updateProductFamily(storeId: $s, id: $id, input: $i) { ${FAMILY_FIELDS} } }`;
const EDIT_PRODUCT = `mutation($s: ID!, $id: ID!, $i: ProductEditInput!) { updateProduct(storeId: $s, id: $id, input: $i) { id sku price { amount currency } weight weightUnit images { url altText } } }`;

describe.each(providers)("dashboard operations in the core (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let staff: string;
  let sub: Subscriber;
  let status = 500;

  beforeAll(async () => {
    // No retries: a failed test delivery is discarded at its first failure.
    svc = await startTestService(provider, { WEBHOOK_RETRY_SCHEDULE: "", WEBHOOK_POLL_INTERVAL: "50ms" });
    storeId = (await svc.createStore("Ops store")).id;
    staff = (await svc.createStaff(storeId)).token;
    sub = await startSubscriber(() => ({ status, body: status === 200 ? "ok" : "down" }));
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  const gql = (query: string, variables: Record<string, unknown>, token = staff) => svc.http.graphql(query, variables, token);
  const health = async (id: string) => expectNoErrors(await gql(HEALTH, { id })).webhook.health;
  async function sendAndFinish(webhookId: string) {
    const d = expectNoErrors(await gql(SEND_TEST, { id: webhookId })).sendWebhookTestEvent;
    let finished: any = null;
    await expect
      .poll(
        async () => {
          finished = expectNoErrors(await gql(DELIVERY, { id: d.id })).webhookDelivery;
          return finished.status;
        },
        { timeout: 10_000 },
      )
      .toMatch(/^(delivered|discarded)$/);
    return { delivery: d, finished };
  }

  it("webhook health: never delivered, failing since the first failure, healthy after a success", async () => {
    const webhookId = expectNoErrors(
      await gql(CREATE_WEBHOOK, { s: storeId, i: { topic: "return", callback: { url: `${sub.url}/health`, auth: null } } }),
    ).createWebhook.webhook.id;
    expect(await health(webhookId)).toEqual({ status: "never_delivered", failingSince: null, lastSuccessAt: null, consecutiveFailures: 0 });

    status = 500;
    const first = await sendAndFinish(webhookId);
    expect(first.delivery).toMatchObject({ webhookId, type: "test", reason: "test", eventId: null, status: "pending" });
    expect(first.delivery.subjectId).toMatch(/^test_/);
    expect(first.finished.status).toBe("discarded");
    const firstFailureAt = first.finished.attempts[0].at;
    expect(await health(webhookId)).toEqual({
      status: "failing",
      failingSince: firstFailureAt,
      lastSuccessAt: null,
      consecutiveFailures: 1,
    });
    await sendAndFinish(webhookId);
    expect(await health(webhookId)).toEqual({
      status: "failing",
      failingSince: firstFailureAt,
      lastSuccessAt: null,
      consecutiveFailures: 2,
    });

    // The request the subscriber got is a signed, clearly marked test event.
    const got = sub.received.filter((r) => r.path === "/health");
    expect(got).toHaveLength(2);
    expect(got[0].headers["webhook-id"]).toBe(first.delivery.id);
    expect(got[0].headers["webhook-signature"]).toMatch(/^v1,/);
    expect(got[0].headers["x-retour-subject-id"]).toBe(first.delivery.subjectId);
    expect(got[0].json).toMatchObject({ type: "test", test: true, merchantName: "Ops store", webhookId, topic: "return" });

    status = 200;
    const ok = await sendAndFinish(webhookId);
    expect(ok.finished.status).toBe("delivered");
    expect(await health(webhookId)).toEqual({
      status: "healthy",
      failingSince: null,
      lastSuccessAt: ok.finished.attempts[0].at,
      consecutiveFailures: 0,
    });

    // A new failure after the success: failing since that failure, one in a row.
    status = 500;
    const again = await sendAndFinish(webhookId);
    expect(await health(webhookId)).toEqual({
      status: "failing",
      failingSince: again.finished.attempts[0].at,
      lastSuccessAt: ok.finished.attempts[0].at,
      consecutiveFailures: 1,
    });
  });

  it("a test event needs webhooks_write and a webhook of the caller's stores", async () => {
    const webhookId = expectNoErrors(
      await gql(CREATE_WEBHOOK, { s: storeId, i: { topic: "return", callback: { url: `${sub.url}/scoped`, auth: null } } }),
    ).createWebhook.webhook.id;
    const reader = await svc.createApiClient(storeId, ["webhooks_read"]);
    const refused = await gql(SEND_TEST, { id: webhookId }, reader.secret);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
    const other = await svc.createStore();
    const foreign = await svc.createApiClient(other.id, ["webhooks_write", "webhooks_read"]);
    const missing = await gql(SEND_TEST, { id: webhookId }, foreign.secret);
    expect(missing.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", status: 404, type: "webhooks/not-found" });
    const rows = await svc.services.db.prisma.webhookDelivery.count({ where: { webhookId } });
    expect(rows).toBe(0);
  });

  it("an API client needs at least one scope (400 naming scopes); a legacy client still holds every scope", async () => {
    const before = await svc.services.db.prisma.apiClient.count({ where: { storeId } });
    const none = await gql(CREATE_CLIENT, { s: storeId, i: { name: "nothing", scopes: [] } });
    expect(none.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", status: 400, field: "scopes" });
    expect(none.errors?.[0].message).toContain("at least one scope");
    const omitted = await gql(`mutation($s: ID!) { createApiClient(storeId: $s, input: { name: "omitted" }) { secret } }`, { s: storeId });
    expect(omitted.errors?.[0].extensions).toMatchObject({ status: 400, field: "scopes" });
    expect(await svc.services.db.prisma.apiClient.count({ where: { storeId } })).toBe(before);

    const legacy = expectNoErrors(await gql(CREATE_CLIENT, { s: storeId, i: { name: "old", scopes: [], legacyAllScopes: true } }))
      .createApiClient.apiClient;
    expect(legacy.legacyAllScopes).toBe(true);
    expect(legacy.scopes.length).toBeGreaterThan(10);

    const client = expectNoErrors(await gql(CREATE_CLIENT, { s: storeId, i: { name: "one", scopes: ["returns_read"] } })).createApiClient
      .apiClient;
    const emptied = await gql(SET_SCOPES, { id: client.id, scopes: [] });
    expect(emptied.errors?.[0].extensions).toMatchObject({ status: 400, field: "scopes" });
    const row = await svc.services.db.prisma.apiClient.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.scopes).toBe("returns_read");
  });

  it("edits a product family and a variant; bad input is refused whole and names the field", async () => {
    const writer = await svc.createApiClient(storeId, ["products_write"]);
    const up = expectNoErrors(
      await gql(
        UPLOAD,
        {
          s: storeId,
          p: [
            {
              title: "Trail Runner",
              vendor: "Acme",
              tags: ["run"],
              variants: [
                { sku: "TR-41", price: 12900, currency: "USD", weight: 600, weightUnit: "g" },
                { sku: "TR-42", price: 12900, currency: "USD", weight: 640, weightUnit: "g" },
              ],
            },
          ],
        },
        writer.secret,
      ),
    ).uploadProducts.outcomes[0];
    const familyId = up.familyId;
    const [v41, v42] = up.products;

    const family = expectNoErrors(
      await gql(
        EDIT_FAMILY,
        {
          s: storeId,
          id: familyId,
          i: {
            title: "Trail Runner 2",
            tags: ["run", "trail"],
            images: [{ url: "https://cdn.example.test/tr.png", altText: "Side view" }],
          },
        },
        writer.secret,
      ),
    ).updateProductFamily;
    expect(family).toMatchObject({
      title: "Trail Runner 2",
      vendor: "Acme",
      tags: ["run", "trail"],
      images: [{ url: "https://cdn.example.test/tr.png", altText: "Side view" }],
    });

    const variant = expectNoErrors(
      await gql(
        EDIT_PRODUCT,
        {
          s: storeId,
          id: v42.id,
          i: { sku: "TR-42-W", price: "119.50", weight: 0.64, weightUnit: "kg", images: [{ url: "https://cdn.example.test/tr42.png" }] },
        },
        staff,
      ),
    ).updateProduct;
    expect(variant).toEqual({
      id: v42.id,
      sku: "TR-42-W",
      price: { amount: "119.50", currency: "USD" },
      weight: 0.64,
      weightUnit: "kg",
      images: [{ url: "https://cdn.example.test/tr42.png", altText: "" }],
    });

    const refusals: [Record<string, unknown>, string, number][] = [
      [{ price: "12.345" }, "input.price", 400],
      [{ price: "-1" }, "input.price", 400],
      [{ sku: "  " }, "input.sku", 400],
      [{ sku: "TR-41" }, "input.sku", 409],
      [{ weightUnit: "stone", price: "1.00" }, "input.weightUnit", 400],
      [{ images: [{ url: "ftp://x" }] }, "input.images[0].url", 400],
      [{ currency: "EUR" }, "input.price", 400],
    ];
    for (const [input, field, code] of refusals) {
      const res = await gql(EDIT_PRODUCT, { s: storeId, id: v42.id, i: input });
      expect(res.errors?.[0].extensions, JSON.stringify(input)).toMatchObject({ status: code, field });
    }
    const blank = await gql(EDIT_FAMILY, { s: storeId, id: familyId, i: { title: " ", vendor: "changed" } });
    expect(blank.errors?.[0].extensions).toMatchObject({ status: 400, field: "input.title" });
    // Nothing of the refused edits was written.
    const after = expectNoErrors(await gql(FAMILY, { s: storeId, id: familyId })).productFamily;
    expect(after.title).toBe("Trail Runner 2");
    expect(after.vendor).toBe("Acme");
    expect(after.products.map((p: any) => [p.sku, p.price.amount, p.weightUnit])).toEqual([
      ["TR-41", "129.00", "g"],
      ["TR-42-W", "119.50", "kg"],
    ]);

    const other = await svc.createStore();
    const foreign = await svc.createApiClient(other.id, ["products_write"]);
    const notFound = await gql(EDIT_PRODUCT, { s: storeId, id: v41.id, i: { title: "x" } }, foreign.secret);
    expect(notFound.errors?.[0].extensions.status).toBe(404);
    const wrongStore = await gql(EDIT_PRODUCT, { s: other.id, id: v41.id, i: { title: "x" } }, foreign.secret);
    expect(wrongStore.errors?.[0].extensions).toMatchObject({ status: 404, type: "products/not-found" });
    const reader = await svc.createApiClient(storeId, ["returns_read"]);
    const noScope = await gql(EDIT_FAMILY, { s: storeId, id: familyId, i: { title: "x" } }, reader.secret);
    expect(noScope.errors?.[0].extensions.status).toBe(403);
  });
});
