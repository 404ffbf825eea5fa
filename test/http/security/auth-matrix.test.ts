// The auth matrix, generated from the doors' own route tables and the GraphQL schema, so every new
// route or field is covered automatically: each operation × each kind of bad credential → the
// exact refusal, and never a success or an object of another store.
// Every path to a type that carries @scope (Return through `orders { nodes { returns } }`, …) is
// generated from the schema in scope-paths.test.ts.
// Tenant isolation is in auth-matrix-tenants.test.ts, revocation across replicas in auth-matrix-revocation.test.ts;
// the generators in test/support/auth-matrix.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../../facades/rest/index.js";
import { compatRoutes, compatWebhookRoutes } from "../../../facades/compat/index.js";
import { draftRoutes } from "../../../facades/compat/drafts/routes.js";
import { pushOrder } from "../../support/orders.js";
import { expectNoErrors } from "../../support/gql.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { DETAILS_NOT_FOUND, FORBIDDEN, NOT_FOUND, UNAUTHORIZED, compatReturn } from "../../support/compat.js";
import { graphqlOperations, nestedScopedPaths, sampleValue, schema } from "../../support/auth-matrix.js";
import { isNonNullType } from "graphql";

describe.each(providers)("auth matrix (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  const creds: Record<string, string> = {};

  beforeAll(async () => {
    // The shopper session's own limit off: the matrix sends every operation with that one session within a minute, a
    // count that grows with the schema (past the limit with store credit's operations), and a 429 would stand in for
    // the refusal under test. The limit has its own suite (test/http/security/shopper-rate-limit.test.ts).
    svc = await startTestService(provider, { RATE_LIMIT_SHOPPER_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    const other = await svc.createStore();
    creds.unknown = "rtr_sk_AAAAAAAAAAAA_" + "A".repeat(40);
    const revoked = await svc.createApiClient(storeId, "all");
    await svc.services.db.prisma.apiClient.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    creds.revoked = revoked.secret;
    // A client without scopes can no longer be created; one stored before that rule must still be refused everything.
    const noScope = await svc.createApiClient(storeId, ["checkout_read"]);
    await svc.services.db.prisma.apiClient.update({ where: { id: noScope.id }, data: { scopes: "" } });
    creds.noScope = noScope.secret;
    creds.otherStore = (await svc.createApiClient(other.id, "all")).secret;
    creds.otherStaff = (await svc.createStaff(other.id)).token;
    // A shopper session of the other store: it reaches its own draft and nothing else.
    const theirOrder = await pushOrder(svc.http, other.id, creds.otherStore, { name: "#SHOP-1" });
    creds.shopper = (
      expectNoErrors(
        await svc.http.graphql(
          `mutation($st: ID!) { openShopperSession(store: $st, input: { orderName: "#SHOP-1", secondaryInput: "ada@example.test" }) { token } }`,
          { st: other.id },
        ),
      ) as any
    ).openShopperSession.token;
    expect(theirOrder.name).toBe("#SHOP-1");
  });
  afterAll(() => svc?.close());

  const restCases = restRoutes.filter((r) => !r.path.endsWith("openapi.json"));

  it("covers every REST route", () => {
    expect(restCases.length).toBeGreaterThan(0);
  });

  it.each(restCases.map((r) => [`${r.method} ${r.path}`, r] as const))("REST %s", async (_label, route) => {
    const path = "/v2.2" + route.path.replace(":storeId", storeId).replace(/:(\w+)/g, "x_$1");
    const body = ["POST", "PUT", "PATCH"].includes(route.method) ? {} : undefined;
    const send = (headers: Record<string, string>) => svc.http.request(route.method, path, { headers, body });
    const expectRefusal = (res: Awaited<ReturnType<typeof send>>, status: number | number[]) => {
      const allowed = Array.isArray(status) ? status : [status];
      expect(allowed, `${route.method} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status);
      if (route.errorBody?.[res.status] !== undefined) expect(res.body).toEqual({ error: expect.any(String) });
      else {
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.body.status).toBe(res.status);
      }
    };
    expectRefusal(await send({}), 401);
    expectRefusal(await send({ authorization: "Basic Zm9vOmJhcg==" }), 401);
    expectRefusal(await send({ authorization: `Bearer ${creds.unknown}` }), 401);
    expectRefusal(await send({ authorization: `Bearer ${creds.revoked}` }), 401);
    if (route.scope) expectRefusal(await send({ authorization: `Bearer ${creds.noScope}` }), 403);
    const storeScoped = route.path.includes(":storeId");
    // Routes naming no object (e.g. the caller's own pending invoice) have nothing of another store to refuse.
    if (!route.path.includes(":")) return;
    // Another store's credentials: this store is not found, like any object of another tenant; store-less ids too.
    expectRefusal(await send({ authorization: `Bearer ${creds.otherStore}` }), storeScoped ? 404 : [400, 404]);
    expectRefusal(await send({ authorization: `Bearer ${creds.otherStaff}` }), storeScoped ? 404 : [400, 404]);
  });

  it("covers every compat route", () => {
    expect(compatRoutes.length).toBe(10);
  });

  // The warehouse door: the platform's 401 envelope for every bad credential (either header), 403 in
  // the same shape without the scope, and another store's credentials never reach this store's return.
  it.each(compatRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("compat %s", async (_label, route) => {
    const mine = await compatReturn(svc, storeId, (await svc.createApiClient(storeId, "all")).secret, { lines: 1 });
    const path =
      "/api/v1/warehouse" +
      route.path.replace(":return_id", String(mine.compatId)) +
      (route.path === "/return/details" ? `?return_id=${mine.compatId}` : "");
    const body = route.method === "POST" ? {} : undefined;
    const send = (headers: Record<string, string>) => svc.http.request(route.method, path, { headers, body });
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: "Basic Zm9vOmJhcg==" },
      { "x-authorization": creds.unknown },
      { authorization: `Bearer ${creds.unknown}` },
      { "x-authorization": creds.revoked },
      { authorization: `Bearer ${creds.revoked}` },
    ]) {
      const res = await send(headers);
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
    for (const headers of <Record<string, string>[]>[{ "x-authorization": creds.noScope }, { authorization: `Bearer ${creds.noScope}` }]) {
      const res = await send(headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    for (const headers of <Record<string, string>[]>[
      { "x-authorization": creds.otherStore },
      { authorization: `Bearer ${creds.otherStaff}` },
    ]) {
      const res = await send(headers);
      expect(res.status, res.text).toBe(200);
      if (route.path.includes(":return_id")) expect(res.body).toEqual(NOT_FOUND);
      else if (route.path === "/return/details") expect(res.body).toEqual(DETAILS_NOT_FOUND);
      else expect(res.body).toEqual([]);
    }
    const g = await svc.http.graphql(`query($id: ID!) { return(id: $id) { status comments { id } } }`, { id: mine.id }, creds.otherStore);
    expect(g.data.return).toBeNull();
    const own = await svc.http.graphql(
      `query($id: ID!) { return(id: $id) { status comments { id } } }`,
      { id: mine.id },
      (await svc.createApiClient(storeId, "all")).secret,
    );
    expect(own.data.return).toEqual({ status: "open", comments: [] });
  });

  // The platform's webhooks API (/api/v1/webhooks): the same 401 and 403 envelopes; another store's key
  // (or staff session) reaches only its own store's subscriptions (ids are numbered per store).
  it.each(compatWebhookRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("compat webhooks %s", async (_label, route) => {
    const own = await svc.http.post(
      "/api/v1/webhooks",
      { topic: "return", trigger: "return.created", url: "https://example.com/hook" },
      { headers: { "x-authorization": (await svc.createApiClient(storeId, "all")).secret } },
    );
    expect(own.status).toBe(200);
    const path = "/api/v1" + route.path.replace(":id", String(own.body.id));
    const body =
      route.method === "POST" || route.method === "PUT"
        ? { topic: "return", trigger: "return.updated", url: "https://example.com/x" }
        : undefined;
    const send = (headers: Record<string, string>) => svc.http.request(route.method, path, { headers, body });
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: "Basic Zm9vOmJhcg==" },
      { "x-authorization": creds.unknown },
      { authorization: `Bearer ${creds.revoked}` },
    ]) {
      const res = await send(headers);
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
    const refused = await send({ "x-authorization": creds.noScope });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    for (const headers of <Record<string, string>[]>[
      { "x-authorization": creds.otherStore },
      { authorization: `Bearer ${creds.otherStaff}` },
    ]) {
      const other = await send(headers);
      if (route.path.includes(":id")) {
        expect(other.status).toBe(404);
        expect(other.body).toEqual({ errors: { code: "NOT_FOUND" } });
      } else if (route.method === "GET")
        expect(other.body.webhooks.map((w: { url: string }) => w.url)).not.toContain("https://example.com/hook");
      else expect(other.status).toBe(200); // the other store's own new subscription
    }
    const mine = await svc.http.graphql(
      `query($s: ID!) { warehouseWebhooks(storeId: $s) { platformId trigger } }`,
      { s: storeId },
      creds.otherStore,
    );
    expect(mine.errors?.[0].extensions?.status).toBe(404);
    const still = await svc.services.db.prisma.webhook.findFirst({ where: { storeId, platformId: own.body.id } });
    expect(still?.trigger).toBe("return.created");
  });

  // The Draft Returns API (/api/{version}/draft-returns): the platform's 401 and 403, and another store's key
  // (or a storefront key without the draft's token) never reaches this store's draft.
  it.each(draftRoutes("v1").map((r) => [`${r.method} ${r.path}`, r] as const))("compat draft returns %s", async (_label, route) => {
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    const order = await pushOrder(svc.http, storeId, secret, {});
    const init = expectNoErrors(
      await svc.http.graphql(
        `mutation($s: ID!, $i: DraftLookupInput!) { initializeDraftReturn(storeId: $s, input: $i) { draft { number items { id } } } }`,
        { s: storeId, i: { orderName: order.name, secondaryInput: "ada@example.test" } },
        secret,
      ),
    ) as any;
    const path =
      "/api/v1/draft-returns" +
      (route.path === "/" ? "" : route.path.replace(":id", String(init.initializeDraftReturn.draft.number)).replace(/:(\w+)/g, "x"));
    const hasBody = route.method === "POST";
    const send = (headers: Record<string, string>) =>
      fetch(svc.url + path, {
        method: route.method,
        headers: { accept: "application/prs.hal-forms+json", ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
        body: hasBody ? "{}" : undefined,
      });
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: "Basic Zm9vOmJhcg==" },
      { "x-authorization": creds.unknown },
      { "x-authorization": creds.revoked },
      { authorization: `Bearer ${creds.shopper}` },
    ]) {
      const res = await send(headers);
      expect(res.status, `${JSON.stringify(headers)}`).toBe(401);
      expect(((await res.json()) as any).errors[0].code).toBe("NOT_AUTHORIZED");
    }
    expect((await send({ "x-authorization": creds.noScope })).status).toBe(403);
    if (!route.path.includes(":id")) return;
    const storefront = (await svc.createApiClient(storeId, ["draft_returns_read", "draft_returns_write", "draft_returns_storefront"]))
      .secret;
    for (const headers of <Record<string, string>[]>[
      { "x-authorization": creds.otherStore },
      { authorization: `Bearer ${creds.otherStaff}` },
      { "x-authorization": storefront },
      { "x-authorization": storefront, "x-loop-shopper-token": creds.shopper },
    ]) {
      const res = await send(headers);
      // Another tenant, or a storefront key without this draft's token: not found (a body refused first is 422, never the draft).
      expect([404, 422], `${JSON.stringify(headers)} ${res.status}`).toContain(res.status);
      const body = (await res.json()) as any;
      expect(body.draft_return, JSON.stringify(body)).toBeUndefined();
    }
  });

  it("lists every public operation (no scope, no staff): each is read by its own secret (a handle, a link's token or id)", () => {
    const open = [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
      Object.values(root.getFields())
        .filter((f) => !(f.extensions as { scope?: string }).scope && !(f.extensions as { staffOnly?: boolean }).staffOnly)
        .map((f) => `${root.name}.${f.name}`),
    );
    // A new public field is a decision: add it here with the test that shows what it gives away (none of a store's account).
    expect(open.sort()).toEqual([
      "Mutation.login",
      "Mutation.openShopperSession", // test/http/graphql/draft-returns.test.ts, test/http/shopper/portal-contract.test.ts
      "Query.accessCheck",
      "Query.draftPhoto", // by its unguessable id: test/http/shopper/portal-contract.test.ts
      "Query.publicPortal", // test/http/shopper/portal-shipping.test.ts
      "Query.returnStatusPage", // by its link's signed token and the store's handle: test/http/shopper/portal-contract.test.ts
      "Query.viewer",
    ]);
  });

  it("covers nested access: return → fullOrder → the Orders API's fields", () => {
    expect(nestedScopedPaths().map((p) => p.label)).toEqual(
      expect.arrayContaining(["return → fullOrder → customerDetails", "return → fullOrder → fulfillments", "return → fullOrder → returns"]),
    );
  });

  it.each(nestedScopedPaths().map((p) => [p.label, p] as const))("GraphQL nested %s", async (_label, path) => {
    const root = schema.getQueryType()!.getFields()[path.text.split("{")[1].trim().split(/[\s(]/)[0]];
    const variables = Object.fromEntries(
      root.args.filter((a) => isNonNullType(a.type)).map((a) => [a.name, a.name === "storeId" ? storeId : sampleValue(a.type)]),
    );
    const without = (await svc.createApiClient(storeId, path.pathScopes)).secret;
    const refused = await svc.http.graphql(path.text, variables, without);
    expect(refused.data ?? null, JSON.stringify(refused)).toBeNull();
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect(refused.errors?.[0].message).toContain(path.scope);
    const withScope = await svc.http.graphql(
      path.text,
      variables,
      (await svc.createApiClient(storeId, [...path.pathScopes, path.scope])).secret,
    );
    expect(withScope.errors?.map((e) => e.extensions.code) ?? []).not.toContain("FORBIDDEN");
  });

  it.each(graphqlOperations().map((o) => [`${o.kind} ${o.name}`, o] as const))("GraphQL %s", async (_label, op) => {
    const variables = { storeId };
    const none = await svc.http.graphql(op.text, variables);
    expect(none.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    for (const authorization of [
      "Basic Zm9vOmJhcg==",
      "Bearer",
      `Bearer ${creds.unknown}`,
      "Bearer rtr_sk_\u00e9",
      `Bearer rtr_sh_AAAAAAAAAAAA_${"A".repeat(40)}`,
    ]) {
      const res = await fetch(svc.coreUrl + "/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: encodeURI(authorization).replace(/%20/g, " ") },
        body: JSON.stringify({ query: op.text, variables }),
      });
      const body = (await res.json()) as { errors?: { extensions: { code: string } }[] };
      expect(body.errors?.[0].extensions.code, authorization).toBe("UNAUTHENTICATED");
    }
    const revoked = await svc.http.graphql(op.text, variables, creds.revoked);
    expect(revoked.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const noScope = await svc.http.graphql(op.text, variables, creds.noScope);
    expect(noScope.errors?.[0].extensions.code).toBe("FORBIDDEN");
    // A shopper session: every operation but the draft ones is forbidden; those reach no store (its own draft only).
    const shopper = await svc.http.graphql(op.text, variables, creds.shopper);
    if (op.staffOnly || !op.scope?.startsWith("draft_returns_")) expect(shopper.errors?.[0].extensions.code, op.name).toBe("FORBIDDEN");
    else if (op.text.includes("$storeId")) expect(shopper.errors?.[0].extensions).toMatchObject({ status: 404, type: "stores/not-found" });
    else for (const e of shopper.errors ?? []) expect(e.extensions.status, op.name).toBeLessThan(500);
    if (op.text.includes("$storeId")) {
      // Another tenant's store is not found (an API client is refused a staff-only operation first).
      const other = await svc.http.graphql(op.text, variables, creds.otherStore);
      expect(other.errors?.[0].extensions.code).toBe(op.staffOnly ? "FORBIDDEN" : "NOT_FOUND");
      const otherStaff = await svc.http.graphql(op.text, variables, creds.otherStaff);
      expect(otherStaff.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", status: 404, type: "stores/not-found" });
    }
  });
});
