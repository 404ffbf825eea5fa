// The auth matrix, generated from the doors' own route tables and the GraphQL schema, so every new
// route or field is covered automatically: each operation × each kind of bad credential → the
// exact refusal, and never a success or an object of another store.
// Every path to a type that carries @scope (Return through `orders { nodes { returns } }`, …) is
// generated from the schema in scope-paths.test.ts.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../../facades/rest/index.js";
import { compatRoutes, compatWebhookRoutes } from "../../../facades/compat/index.js";
import { draftRoutes } from "../../../facades/compat/drafts/routes.js";
import { snapshotDatabase } from "../../support/db-snapshot.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { CREATE_EXPERIENCE, expectNoErrors } from "../../support/gql.js";
import { buildSchema } from "../../../src/core/schema.js";
import { DOMAINS } from "../../../src/domains.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import type { HttpClient } from "../../support/http.js";
import { DETAILS_NOT_FOUND, FORBIDDEN, NOT_FOUND, UNAUTHORIZED, compatReturn } from "../../support/compat.js";

const schema: GraphQLSchema = buildSchema(DOMAINS);

/** A plausible value for a required argument (optional ones are left out), so lookups are what refuse. */
function sampleValue(type: GraphQLInputType, depth = 0): unknown {
  if (!isNonNullType(type) && depth === 0) return undefined;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [sampleValue(inner.ofType, depth + 1)];
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sampleValue(f.type, depth + 1);
    return out;
  }
  const name = getNamedType(inner).name;
  return name === "Int" ? 1 : name === "Float" ? 1.5 : name === "Boolean" ? false : name === "DateTime" ? "2026-01-01T00:00:00Z" : "sample";
}

function graphqlOperations() {
  const ops: { name: string; kind: "query" | "mutation"; scope: string | null; staffOnly: boolean; text: string }[] = [];
  for (const kind of ["query", "mutation"] as const) {
    const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
    for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
      const ext = field.extensions as { scope?: string | null; staffOnly?: boolean };
      if (!ext.scope && !ext.staffOnly) continue;
      const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
      const type = getNamedType(field.type);
      const selection = isObjectType(type) || isAbstractType(type) ? " { __typename }" : "";
      ops.push({
        name: field.name,
        kind,
        scope: ext.scope ?? null,
        staffOnly: !!ext.staffOnly,
        text: `${kind}${vars ? `(${vars})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`,
      });
    }
  }
  return ops;
}

/**
 * Every field below the root that declares a scope, reached from a root field that needs another
 * scope (the shortest such path through the schema): e.g. `return → fullOrder → customerDetails`.
 * A key holding every scope on the path but the field's own must be refused, before anything runs.
 */
function nestedScopedPaths() {
  const out: { label: string; text: string; scope: string; pathScopes: string[] }[] = [];
  const scopeOf = (f: GraphQLField<unknown, unknown>) => (f.extensions as { scope?: string | null }).scope ?? null;
  const targets = Object.values(schema.getTypeMap()).flatMap((t) =>
    isObjectType(t) && t !== schema.getQueryType() && t !== schema.getMutationType() && !t.name.startsWith("__")
      ? Object.values(t.getFields())
          .filter((f) => scopeOf(f))
          .map((f) => ({ type: t.name, field: f }))
      : [],
  );
  for (const target of targets) {
    const wanted = scopeOf(target.field)!;
    // Breadth-first from each root query field with a different scope, through object-typed fields.
    type Step = { typeName: string; path: GraphQLField<unknown, unknown>[] };
    const queue: Step[] = Object.values(schema.getQueryType()!.getFields())
      .filter((f) => scopeOf(f) && scopeOf(f) !== wanted && isObjectType(getNamedType(f.type)))
      .map((f) => ({ typeName: getNamedType(f.type).name, path: [f] }));
    const visited = new Set<string>();
    let found: Step | undefined;
    while (queue.length && !found) {
      const step = queue.shift()!;
      if (step.typeName === target.type) found = step;
      else if (!visited.has(step.typeName) && step.path.length < 6) {
        visited.add(step.typeName);
        for (const f of Object.values((schema.getType(step.typeName) as import("graphql").GraphQLObjectType).getFields())) {
          if (isObjectType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type)))
            queue.push({ typeName: getNamedType(f.type).name, path: [...step.path, f] });
        }
      }
    }
    if (!found) continue;
    const [rootField, ...rest] = found.path;
    const vars = rootField.args
      .filter((a) => isNonNullType(a.type))
      .map((a) => `$${a.name}: ${a.type.toString()}`)
      .join(", ");
    const args = rootField.args
      .filter((a) => isNonNullType(a.type))
      .map((a) => `${a.name}: $${a.name}`)
      .join(", ");
    const leaf = isObjectType(getNamedType(target.field.type)) || isAbstractType(getNamedType(target.field.type)) ? " { __typename }" : "";
    const inner = rest.reduceRight((acc, f) => `${f.name} { ${acc} }`, `${target.field.name}${leaf}`);
    out.push({
      label: `${[rootField, ...rest].map((f) => f.name).join(" → ")} → ${target.field.name}`,
      text: `query${vars ? `(${vars})` : ""} { ${rootField.name}${args ? `(${args})` : ""} { ${inner} } }`,
      scope: wanted,
      pathScopes: [...new Set(found.path.map(scopeOf).filter((s): s is string => !!s))],
    });
  }
  return out;
}

describe.each(providers)("auth matrix (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  const creds: Record<string, string> = {};

  beforeAll(async () => {
    svc = await startTestService(provider);
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
    const storefront = (await svc.createApiClient(storeId, ["draft_returns_read", "draft_returns_write"])).secret;
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

// Another store's objects, by every id form and through every door: never returned, never changed.
describe.each(providers)("tenant isolation by every id form (%s)", (provider) => {
  let svc: TestService;
  let mine: { storeId: string; secret: string; staff: string };
  let theirs: { storeId: string; secret: string; ids: Record<string, string> };

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: "0", RATE_LIMIT_GRAPHQL_PER_MINUTE: "0" });
    const a = (await svc.createStore("Mine")).id;
    mine = { storeId: a, secret: (await svc.createApiClient(a, "all")).secret, staff: (await svc.createStaff(a)).token };
    const b = (await svc.createStore("Theirs")).id;
    const secret = (await svc.createApiClient(b, "all")).secret;
    const order = await pushOrder(svc.http, b, secret, { name: "#THEIRS-1" });
    const ret = await svc.http.post(`/v2.2/stores/${b}/returns`, returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]), {
      token: secret,
    });
    // Before the webhook exists (no deliveries): a second return, restocked, gives their inventory item and level (and the order's customer).
    const restocked = await svc.http.post(
      `/v2.2/stores/${b}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: secret },
    );
    const processed = await svc.http.post(
      `/v2.2/returns/${restocked.body.return.id}/process`,
      { products: [{ _id: restocked.body.return.items[0].id, processInput: { restock: true } }] },
      { token: secret },
    );
    const level = (await svc.http.get(`/v2.2/stores/${b}/inventory-levels`, { token: secret })).body.inventory_levels?.[0];
    const customer = await svc.http.get(`/v2.2/stores/${b}/customers?email=ada%40example.test`, { token: secret });
    expect([restocked.status, processed.status, customer.status, typeof level?.id]).toEqual([201, 200, 200, "string"]);
    const item = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!, $id: ID!) { inventoryLevel(storeId: $s, id: $id) { item { id } } }`,
        { s: b, id: level.id },
        secret,
      ),
    ) as any;
    // Their return tag, on their return (before the webhook exists: no delivery): its name is what the tag routes take as an id.
    const tag = await svc.http.put(
      `/v2.2/stores/${b}/return-tags/${encodeURIComponent("Their secret tag")}`,
      { pillTheme: "DANGER" },
      { token: secret },
    );
    expect(tag.status).toBe(200);
    expectNoErrors(
      await svc.http.graphql(
        `mutation($id: ID!) { tagReturn(id: $id, names: ["Their secret tag"]) { id } }`,
        { id: ret.body.return.id },
        secret,
      ),
    );
    const ful = await svc.http.post(
      `/v2.2/stores/${b}/orders/${order.externalId}/fulfillments`,
      { fulfillmentId: "THEIR-FUL-1", lineItems: [{ id: order.lineItems[1].id, quantity: 1 }] },
      { token: secret },
    );
    const wh = await svc.http.post(
      `/v2.2/stores/${b}/webhooks`,
      {
        webhook: {
          topic: "return",
          externalId: "their-wh",
          callback: { url: "http://127.0.0.1:9/h", auth: { bearer: { token: "their-token" } } },
        },
      },
      { token: secret },
    );
    const exp = expectNoErrors(await svc.http.graphql(CREATE_EXPERIENCE, { s: b, i: { name: "Their experience" } }, secret));
    const draft = (
      expectNoErrors(
        await svc.http.graphql(
          `mutation($s: ID!) { initializeDraftReturn(storeId: $s, input: { orderName: "#THEIRS-1", secondaryInput: "ada@example.test" }) { draft { id number } } }`,
          { s: b },
          secret,
        ),
      ) as any
    ).initializeDraftReturn.draft;
    expect([ret.status, ful.status, wh.status]).toEqual([201, 200, 201]);
    theirs = {
      storeId: b,
      secret,
      ids: {
        orderExternal: order.externalId,
        orderInternal: order.internalId,
        orderName: "#THEIRS-1",
        return: ret.body.return.id,
        returnItem: ret.body.return.items[0].id,
        lineItemExternal: order.lineItems[0].id,
        fulfillment: "THEIR-FUL-1",
        fulfillmentInternal: ful.body.fulfillment?.id ?? "THEIR-FUL-1",
        webhook: wh.body.webhook.id,
        experience: exp.createCheckoutExperience.id,
        // The warehouse compat door's numeric return id.
        inventoryLevel: level.id,
        inventoryItem: item.inventoryLevel.item.id,
        customer: customer.body.id,
        returnTag: "Their secret tag",
        draft: draft.id,
        draftNumber: String(draft.number),
        compat: String((await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id: ret.body.return.id } })).compatId),
      },
    };
  });
  afterAll(() => svc?.close());

  /** Bodies that would succeed on one's own objects, so the lookup itself is what refuses. */
  const bodies: Record<string, unknown> = {
    "PUT /returns/:returnId/status": { status: "rejected" },
    "PUT /returns/:returnId/exchange/order": { order: { externalId: "EXCH-1" } },
    "POST /returns/:returnId/comments": { comment: { message: "mine now" } },
    "POST /returns/:returnId/process": { products: [{ _id: "RETURN_ITEM", processInput: { restock: true } }] },
    "POST /stores/:storeId/orders/:orderId/fulfillments": { fulfillmentId: "STOLEN", lineItems: [{ id: "LINE", quantity: 1 }] },
    "POST /stores/:storeId/orders/:orderId/fulfillments/:fulfillmentId/shipment-status": { status: "delivered" },
    "PUT /webhooks/:webhookId": { webhook: { callback: { url: "http://127.0.0.1:9/stolen", auth: { bearer: { token: "x" } } } } },
    "POST /webhooks/:webhookId/replay": { start: new Date(Date.now() - 86_400_000).toISOString() }, // within the replay window
  };

  it("never returns or changes another store's object through REST, whichever id form is used", async () => {
    const before = await snapshotDatabase(svc.services.db);
    const secrets = Object.values(theirs.ids).concat(["their-token", "Their experience"]);
    let requests = 0;
    for (const route of restRoutes.filter((r) => /:(?!storeId)\w+/.test(r.path))) {
      const label = `${route.method} ${route.path}`;
      for (const id of Object.values(theirs.ids)) {
        for (const [token, store] of [
          [mine.secret, mine.storeId],
          [mine.staff, mine.storeId],
          [mine.secret, theirs.storeId],
        ] as const) {
          const path = "/v2.2" + route.path.replace(":storeId", store).replace(/:(\w+)/g, () => encodeURIComponent(id));
          const raw = JSON.stringify(bodies[label] ?? {})
            .replace("RETURN_ITEM", theirs.ids.returnItem)
            .replace("LINE", theirs.ids.lineItemExternal);
          const res = await svc.http.request(
            route.method,
            path,
            route.method === "GET" || route.method === "DELETE" ? { token } : { token, raw },
          );
          requests++;
          expect(res.status, `${label} with ${path}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${label} with ${path}`).toBeLessThan(500);
          // Nothing of theirs beyond what the request itself named (errors may echo the id sent).
          for (const s of secrets)
            if (s.length > 8 && !id.includes(s) && !raw.includes(s)) expect(res.text, `${label} leaked ${s}`).not.toContain(s);
        }
      }
    }
    expect(requests).toBeGreaterThan(100);
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  }, 120_000);

  it("never returns or changes another store's object through the compat door, whichever id form is used", async () => {
    const before = await snapshotDatabase(svc.services.db);
    const theirText = ["their-token", "Their experience", theirs.ids.return, theirs.ids.orderInternal];
    for (const route of compatRoutes.filter((r) => r.path.includes(":"))) {
      for (const id of Object.values(theirs.ids)) {
        const path = "/api/v1/warehouse" + route.path.replace(/:(\w+)/g, () => encodeURIComponent(id));
        const hasBody = route.method !== "GET" && route.method !== "DELETE";
        const res = await fetch(svc.url + path, {
          method: route.method,
          headers: { "x-authorization": mine.secret, ...(hasBody ? { "content-type": "application/json" } : {}) },
          body: hasBody ? "{}" : undefined,
        });
        const text = await res.text();
        expect(res.status, `${route.method} ${path}`).toBeLessThan(500);
        for (const s of theirText) if (!id.includes(s)) expect(text, `${route.method} ${path} leaked ${s}`).not.toContain(s);
      }
    }
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  });

  it("never reaches another store's object through any GraphQL field that takes an id (generated from the schema)", async () => {
    const before = await snapshotDatabase(svc.services.db);
    const theirIds = Object.values(theirs.ids);
    let calls = 0;
    for (const kind of ["query", "mutation"] as const) {
      const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
      for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
        const idArgs = field.args.filter(
          (a) => a.name !== "storeId" && /(^id$|Id$|^ids$)/.test(a.name) && ["ID", "String"].includes(getNamedType(a.type).name),
        );
        if (!idArgs.length || field.name === "login") continue;
        const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
        const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
        const t = getNamedType(field.type);
        // A connection filtered by their id must come back empty: select its nodes.
        const paged = isObjectType(t) && "nodes" in t.getFields();
        const text = `${kind}(${vars}) { ${field.name}(${args})${paged ? " { nodes { __typename } }" : isObjectType(t) || isAbstractType(t) ? " { __typename }" : ""} }`;
        for (const idArg of idArgs) {
          for (const id of theirIds) {
            const variables: Record<string, unknown> = {};
            for (const a of field.args) {
              const v =
                a.name === "storeId" ? mine.storeId : a === idArg ? (isListType(getNullableType(a.type)) ? [id] : id) : sampleValue(a.type);
              if (v !== undefined) variables[a.name] = v;
            }
            for (const token of [mine.secret, mine.staff]) {
              const res = await svc.http.graphql(text, variables, token);
              calls++;
              const where = `${field.name}(${idArg.name}: ${id}) → ${JSON.stringify(res).slice(0, 300)}`;
              if (res.errors?.length) {
                for (const e of res.errors) expect(e.extensions?.status, where).toBeLessThan(500);
              } else {
                const value = paged ? res.data?.[field.name]?.nodes : res.data?.[field.name];
                expect(value === null || (Array.isArray(value) && value.length === 0), where).toBe(true);
              }
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  }, 120_000);

  it("never returns or changes another store's object through GraphQL, whichever id form is used", async () => {
    const before = await snapshotDatabase(svc.services.db);
    for (const token of [mine.secret, mine.staff]) {
      for (const id of Object.values(theirs.ids)) {
        const read = await svc.http.graphql(
          `query($s: ID!, $id: ID!, $o: String!) { order(storeId: $s, id: $o) { id } return(id: $id) { id } webhook(id: $id) { id } checkoutExperience(storeId: $s, id: $id) { id } }`,
          { s: mine.storeId, id, o: id },
          token,
        );
        expect(read.errors ?? []).toEqual([]);
        expect(read.data).toEqual({ order: null, return: null, webhook: null, checkoutExperience: null });
        for (const m of [
          `mutation($id: ID!) { rejectReturn(id: $id) { __typename } }`,
          `mutation($id: ID!) { deleteWebhook(id: $id) { __typename } }`,
          `mutation($id: ID!) { addReturnComment(id: $id, message: "x") { __typename } }`,
        ]) {
          const res = await svc.http.graphql(m, { id }, token);
          if (res.errors?.[0]?.extensions?.code === "GRAPHQL_VALIDATION_FAILED") continue; // a signature this schema does not have
          expect(res.errors?.length, `${m} ${id}`).toBeGreaterThan(0);
          expect(res.errors![0].extensions.status).toBeGreaterThanOrEqual(400);
          expect(res.errors![0].extensions.status).toBeLessThan(500);
        }
      }
      const other = await svc.http.graphql(
        `query($s: ID!, $o: String!) { order(storeId: $s, id: $o) { id } }`,
        { s: theirs.storeId, o: theirs.ids.orderExternal },
        token,
      );
      expect(other.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", type: "stores/not-found" });
      expect(other.data?.order ?? null).toBeNull();
    }
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  });
});

// Revocation reaches every replica at once: no replica caches credentials.
describe.each(providers)("revocation on every replica (%s)", (provider) => {
  let svc: TestService;
  afterAll(() => svc?.close());

  it("refuses a revoked secret and a logged-out session on the other replica immediately", async () => {
    svc = await startTestService(provider);
    const replica = await svc.startReplica();
    const storeId = (await svc.createStore()).id;
    const staff = await svc.createStaff(storeId);
    const created = expectNoErrors(
      await svc.http.graphql(
        `mutation($s: ID!) { createApiClient(storeId: $s, input: { name: "to revoke", scopes: [returns_read, webhooks_read] }) { apiClient { id } secret } }`,
        { s: storeId },
        staff.token,
      ),
    );
    const { secret } = created.createApiClient;
    expect(secret).toMatch(/^rtr_sk_[A-Za-z0-9]+_[A-Za-z0-9_-]+$/);
    const list = (http: HttpClient) => http.get(`/v2.2/stores/${storeId}/webhooks`, { token: secret });
    expect((await list(svc.http)).status).toBe(200);
    expect((await list(replica.http)).status).toBe(200);

    expectNoErrors(
      await replica.http.graphql(
        `mutation($id: ID!) { revokeApiClient(id: $id) { id } }`,
        { id: created.createApiClient.apiClient.id },
        staff.token,
      ),
    );
    for (const http of [svc.http, replica.http]) {
      const res = await list(http);
      expect(res.status).toBe(401);
      expect(res.body.type).toBe("com.retour.api:auth/unauthenticated");
      const gql = await http.graphql(`{ viewer { __typename } }`, {}, secret);
      expect(gql.errors?.[0].extensions.code ?? gql.data?.viewer?.__typename).not.toBe("ApiClientViewer");
    }
    const compat = await fetch(`${replica.url}/api/v1/warehouse/anything`, { headers: { "x-authorization": secret } });
    expect(compat.status).toBe(401);

    // A staff session logged out on one replica is refused on the other.
    const viewer = `{ viewer { __typename } }`;
    expect((await replica.http.graphql(viewer, {}, staff.token)).data.viewer.__typename).toBe("StaffViewer");
    expectNoErrors(await svc.http.graphql(`mutation { logout }`, {}, staff.token));
    const after = await replica.http.graphql(`query($s: ID!) { store(id: $s) { id } }`, { s: storeId }, staff.token);
    expect(after.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});
