// The hardening list: Idempotency-Key on every creating POST (IETF draft rules, per caller, stored in
// the creating transaction, dead holders taken over), strict CORS and security headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { customOrderBody, pushOrder, returnBody } from "../../support/orders.js";
import { idempotent } from "../../../src/core/idempotency.js";
import { RequestContext } from "../../../src/core/context.js";
import { newId } from "../../../src/core/ids.js";

let n = 0;
const uid = () => `${Date.now().toString(36)}${++n}`;

describe.each(providers)("idempotency keys on every creating POST (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let otherClient: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { CORS_ORIGINS: "https://admin.example.test", RATE_LIMIT_REST_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    otherClient = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  /** Each creating route: a fresh valid body, a variant of it, and the status of a first success. */
  const routes: { name: string; created: number; make(): Promise<{ path: string; body: any; other: any }> }[] = [
    {
      name: "POST /stores/:storeId/returns",
      created: 201,
      async make() {
        const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `l-${uid()}`, quantity: 9 }] });
        const item = order.lineItems[0].id;
        return {
          path: `/v2.2/stores/${storeId}/returns`,
          body: returnBody(order, [{ lineItemId: item, quantity: 1 }]),
          other: returnBody(order, [{ lineItemId: item, quantity: 2 }]),
        };
      },
    },
    {
      name: "POST /stores/:storeId/custom/orders",
      created: 200,
      async make() {
        const body = customOrderBody({ id: `co-${uid()}` });
        return { path: `/v2.2/stores/${storeId}/custom/orders`, body, other: { ...body, name: "#changed" } };
      },
    },
    {
      name: "POST /stores/:storeId/orders",
      created: 200,
      async make() {
        const body = {
          orderId: `o-${uid()}`,
          name: "#O",
          createdAt: "2026-11-02T09:30:00Z",
          currencyCode: "USD",
          lineItems: [{ id: "l1", productId: "p", title: "T", quantity: 2, price: 10 }],
        };
        return { path: `/v2.2/stores/${storeId}/orders`, body, other: { ...body, orderId: `${body.orderId}-b` } };
      },
    },
    {
      name: "POST /stores/:storeId/orders/:orderId/fulfillments",
      created: 200,
      async make() {
        const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `f-${uid()}`, quantity: 5 }] });
        const body = { fulfillmentId: `F-${uid()}`, lineItems: [{ id: order.lineItems[0].id, quantity: 1 }] };
        return {
          path: `/v2.2/stores/${storeId}/orders/${order.externalId}/fulfillments`,
          body,
          other: { ...body, lineItems: [{ id: order.lineItems[0].id, quantity: 2 }] },
        };
      },
    },
    {
      name: "POST /stores/:storeId/webhooks",
      created: 201,
      async make() {
        const body = {
          webhook: { topic: "return", callback: { url: `http://127.0.0.1:9/${uid()}`, auth: { bearer: { token: "subscriber-token" } } } },
        };
        return { path: `/v2.2/stores/${storeId}/webhooks`, body, other: { webhook: { ...body.webhook, kind: "loop" } } };
      },
    },
    {
      name: "POST /stores/:storeId/products/bulk-upload",
      created: 200,
      async make() {
        const u = uid();
        const body = {
          products: [{ external_id: `fam-${u}`, title: "Tee", variants: [{ sku: `SKU-${u}`, price: 1000, currency: "USD" }] }],
        };
        return {
          path: `/v2.2/stores/${storeId}/products/bulk-upload`,
          body,
          other: { products: [{ ...body.products[0], title: "Other tee" }] },
        };
      },
    },
  ];

  it.each(routes.map((r) => [r.name, r] as const))("%s: replay, 422 on another body, per caller", async (_name, route) => {
    const { path, body, other } = await route.make();
    const key = `k-${uid()}`;
    const headers = { "Idempotency-Key": key };
    const first = await svc.http.post(path, body, { token: secret, headers });
    expect(first.status, first.text).toBe(route.created);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await svc.http.post(path, body, { token: secret, headers });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);

    const reused = await svc.http.post(path, other, { token: secret, headers });
    expect(reused.status, reused.text).toBe(422);
    expect(reused.body.type).toBe("com.retour.api:request/idempotency-key-reused");

    // Another API client with the same key runs its own request: keys are scoped per caller.
    const theirs = await svc.http.post(path, other, { token: otherClient, headers });
    expect(theirs.status, theirs.text).not.toBe(422);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    if (theirs.status < 300) expect(theirs.body).not.toEqual(first.body);
  });

  it("answers 409 while the key is in flight, and takes over a key whose holder is presumed dead", async () => {
    const prisma = svc.services.db.prisma;
    const { path, body } = await routes[0].make();
    const key = `dead-${uid()}`;
    // A first attempt starts and its process dies before committing: the key stays in flight.
    const first = await svc.http.post(path, body, { token: secret, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    const row = await prisma.idempotencyKey.findFirstOrThrow({ where: { storeId, key } });
    const returnsBefore = await prisma.return.count({ where: { storeId } });
    await prisma.return.delete({ where: { id: first.body.return.id } }); // the dead attempt's work never committed
    await prisma.idempotencyKey.updateMany({ where: { storeId, key }, data: { response: null, createdAt: new Date(Date.now() - 5_000) } });
    const busy = await svc.http.post(path, body, { token: secret, headers: { "Idempotency-Key": key } });
    expect(busy.status).toBe(409);
    expect(busy.body.type).toBe("com.retour.api:request/idempotency-key-in-flight");
    // Past IDEMPOTENCY_IN_FLIGHT_MS (65 s) the holder is presumed dead and a retry takes the key over.
    await prisma.idempotencyKey.updateMany({ where: { storeId, key }, data: { createdAt: new Date(Date.now() - 66_000) } });
    const retry = await svc.http.post(path, body, { token: secret, headers: { "Idempotency-Key": key } });
    expect(retry.status, retry.text).toBe(201);
    expect(await prisma.return.count({ where: { storeId } })).toBe(returnsBefore);
    const saved = await prisma.idempotencyKey.findFirstOrThrow({ where: { storeId, key } });
    expect(saved.response).toContain(retry.body.return.id);
    expect(saved.operation).toBe(row.operation);
  });

  it("stores the result in the creating transaction: a holder whose key was taken over rolls back", async () => {
    const services = svc.services;
    const client = await services.db.prisma.apiClient.findFirstOrThrow({ where: { storeId } });
    const ctx = new RequestContext(services, { kind: "apiClient", clientId: client.id, storeId, scopes: new Set() }, "test", services.log);
    const key = `zombie-${uid()}`;
    const locationId = newId("loc");
    const attempt = idempotent<{ id: string }>(ctx, { storeId, operation: "test", key, request: { a: 1 } }, async (claim) => {
      // While this holder was stalled, a retry took the key over (its start time changed).
      await services.db.prisma.idempotencyKey.updateMany({ where: { storeId, key }, data: { createdAt: new Date(Date.now() + 1) } });
      await services.db.prisma.$transaction(async (tx) => {
        await tx.location.create({ data: { id: locationId, storeId, name: "zombie" } });
        await claim.save(tx, { id: locationId });
      });
      return { id: locationId };
    });
    await expect(attempt).rejects.toMatchObject({ extensions: { code: "CONFLICT", type: "request/idempotency-key-in-flight" } });
    expect(await services.db.prisma.location.count({ where: { id: locationId } })).toBe(0);

    // The normal path: object and stored result commit together.
    const key2 = `normal-${uid()}`;
    const id2 = newId("loc");
    await idempotent<{ id: string }>(ctx, { storeId, operation: "test", key: key2, request: { a: 1 } }, async (claim) => {
      await services.db.prisma.$transaction(async (tx) => {
        await tx.location.create({ data: { id: id2, storeId, name: "normal" } });
        const mid = await tx.idempotencyKey.findFirst({ where: { storeId, key: key2 } });
        expect(mid?.response).toBeNull();
        await claim.save(tx, { id: id2 });
      });
      return { id: id2 };
    });
    const row = await services.db.prisma.idempotencyKey.findFirstOrThrow({ where: { storeId, key: key2 } });
    expect(JSON.parse(row.response!)).toEqual({ id: id2 });
  });

  it("refuses GraphQL operations whose list sizes multiply past the cost limit, counting variables", async () => {
    const q = `query($s: ID!, $n: Int) { webhooks(storeId: $s) { id deliveries(first: $n) { nodes { id status attempts { number statusCode } } } } }`;
    const small = await svc.http.graphql(q, { s: storeId, n: 10 }, secret);
    expect(small.errors).toBeUndefined();
    // Counted at their bounds: LIST_BOUNDS.storeWebhooks (50) webhooks a store, 500 deliveries a page, 50 attempts a delivery.
    const aliases = Array.from(
      { length: 30 },
      (_, i) =>
        `w${i}: webhooks(storeId: $s) { deliveries(first: $n) { nodes { id status attempts { number statusCode outcome at latencyMs error responseBody } } } }`,
    ).join(" ");
    const res = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query: `query($s: ID!, $n: Int) { ${aliases} }`, variables: { s: storeId, n: 500 } }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", status: 400 });
    expect(body.errors[0].message).toMatch(/estimated cost is at least \d+; the limit is 25000000/);
  });

  it("sends security headers and strict CORS", async () => {
    for (const path of ["/v2.2/openapi.json", "/healthz", "/dashboard/"]) {
      const res = await fetch(svc.url + path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const allowed = "https://admin.example.test";
    const pre = await fetch(`${svc.coreUrl}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin: allowed,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe(allowed);
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    const evil = await fetch(`${svc.coreUrl}/graphql`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    const simple = await fetch(`${svc.url}/v2.2/stores/${storeId}/webhooks`, {
      headers: { origin: "https://evil.example", authorization: `Bearer ${secret}` },
    });
    expect(simple.headers.get("access-control-allow-origin")).toBeNull();
    const ok = await fetch(`${svc.url}/v2.2/stores/${storeId}/webhooks`, {
      headers: { origin: allowed, authorization: `Bearer ${secret}` },
    });
    expect(ok.headers.get("access-control-allow-origin")).toBe(allowed);
    expect(ok.headers.get("vary")).toMatch(/Origin/);
  });
});

describe.each(providers)("GraphQL introspection is configurable (%s)", (provider) => {
  let svc: TestService;
  afterAll(() => svc?.close());

  it("refuses introspection with GRAPHQL_INTROSPECTION=false, and still runs queries", async () => {
    svc = await startTestService(provider, { GRAPHQL_INTROSPECTION: "false" });
    const storeId = (await svc.createStore()).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    const intro = await svc.http.graphql(`{ __schema { queryType { name } } }`, {}, secret);
    expect(intro.errors?.[0].message).toMatch(/introspection/i);
    expect(intro.errors?.[0].extensions.status).toBe(400);
    const ok = await svc.http.graphql(`{ viewer { __typename } }`, {}, secret);
    expect(ok.data.viewer.__typename).toBe("ApiClientViewer");
  });

  it("deletes expired idempotency keys", async () => {
    const prisma = svc.services.db.prisma;
    const storeId = (await svc.createStore()).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    await prisma.idempotencyKey.create({
      data: {
        storeId,
        operation: "createWebhook@gone",
        key: "old",
        requestHash: "x",
        response: "{}",
        createdAt: new Date(Date.now() - 25 * 3600_000),
        expiresAt: new Date(Date.now() - 3600_000),
      },
    });
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: "http://127.0.0.1:9/p", auth: null } } },
      { token: secret, headers: { "Idempotency-Key": "fresh" } },
    );
    expect(res.status, res.text).toBe(201);
    await expect.poll(() => prisma.idempotencyKey.count({ where: { storeId, key: "old" } })).toBe(0);
    expect(await prisma.idempotencyKey.count({ where: { storeId, key: "fresh" } })).toBe(1);
  });
});
