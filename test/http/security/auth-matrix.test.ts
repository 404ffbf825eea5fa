// The auth matrix, generated from the doors' own route tables and the GraphQL schema, so every new
// route or field is covered automatically: each operation × each kind of bad credential → the
// exact refusal, and never a success or an object of another store.
import { getNamedType, isObjectType, isAbstractType, type GraphQLField, type GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../../facades/rest/index.js";
import { compatRoutes } from "../../../facades/compat/index.js";
import { buildSchema } from "../../../src/core/schema.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { DETAILS_NOT_FOUND, FORBIDDEN, NOT_FOUND, UNAUTHORIZED, compatReturn } from "../../support/compat.js";

const schema: GraphQLSchema = buildSchema();

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
    creds.noScope = (await svc.createApiClient(storeId, [])).secret;
    creds.otherStore = (await svc.createApiClient(other.id, "all")).secret;
    creds.otherStaff = (await svc.createStaff(other.id)).token;
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
      if (route.errorBody?.statuses.includes(res.status)) expect(res.body).toEqual({ error: expect.any(String) });
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
    // Another store's credentials: refused for this store's paths; store-less ids are not found.
    expectRefusal(await send({ authorization: `Bearer ${creds.otherStore}` }), storeScoped ? 403 : [400, 404]);
    expectRefusal(await send({ authorization: `Bearer ${creds.otherStaff}` }), storeScoped ? 403 : [400, 404]);
  });

  it("covers every compat route", () => {
    expect(compatRoutes.length).toBe(10);
  });

  // The warehouse door: the platform's 401 envelope for every bad credential (either header), 403 in
  // the same shape without the scope, and another store's credentials never reach this store's return.
  it.each(compatRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("compat %s", async (_label, route) => {
    const mine = await compatReturn(svc, storeId, (await svc.createApiClient(storeId, "all")).secret, { lines: 1 });
    const path = "/api/v1/warehouse" + route.path.replace(":return_id", String(mine.compatId)) + (route.path === "/return/details" ? `?return_id=${mine.compatId}` : "");
    const body = route.method === "POST" ? {} : undefined;
    const send = (headers: Record<string, string>) => svc.http.request(route.method, path, { headers, body });
    for (const headers of <Record<string, string>[]>[{}, { authorization: "Basic Zm9vOmJhcg==" }, { "x-authorization": creds.unknown }, { authorization: `Bearer ${creds.unknown}` }, { "x-authorization": creds.revoked }, { authorization: `Bearer ${creds.revoked}` }]) {
      const res = await send(headers);
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
    for (const headers of <Record<string, string>[]>[{ "x-authorization": creds.noScope }, { authorization: `Bearer ${creds.noScope}` }]) {
      const res = await send(headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    for (const headers of <Record<string, string>[]>[{ "x-authorization": creds.otherStore }, { authorization: `Bearer ${creds.otherStaff}` }]) {
      const res = await send(headers);
      expect(res.status, res.text).toBe(200);
      if (route.path.includes(":return_id")) expect(res.body).toEqual(NOT_FOUND);
      else if (route.path === "/return/details") expect(res.body).toEqual(DETAILS_NOT_FOUND);
      else expect(res.body).toEqual([]);
    }
    const g = await svc.http.graphql(`query($id: ID!) { return(id: $id) { status comments { id } } }`, { id: mine.id }, creds.otherStore);
    expect(g.data.return).toBeNull();
    const own = await svc.http.graphql(`query($id: ID!) { return(id: $id) { status comments { id } } }`, { id: mine.id }, (await svc.createApiClient(storeId, "all")).secret);
    expect(own.data.return).toEqual({ status: "open", comments: [] });
  });

  it.each(graphqlOperations().map((o) => [`${o.kind} ${o.name}`, o] as const))("GraphQL %s", async (_label, op) => {
    const variables = { storeId };
    const none = await svc.http.graphql(op.text, variables);
    expect(none.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const revoked = await svc.http.graphql(op.text, variables, creds.revoked);
    expect(revoked.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const noScope = await svc.http.graphql(op.text, variables, creds.noScope);
    expect(noScope.errors?.[0].extensions.code).toBe("FORBIDDEN");
    if (op.text.includes("$storeId")) {
      const other = await svc.http.graphql(op.text, variables, creds.otherStore);
      expect(other.errors?.[0].extensions.code).toBe("FORBIDDEN");
      const otherStaff = await svc.http.graphql(op.text, variables, creds.otherStaff);
      expect(otherStaff.errors?.[0].extensions.code).toBe("FORBIDDEN");
    }
  });
});
