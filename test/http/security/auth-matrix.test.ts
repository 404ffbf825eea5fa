// The auth matrix, generated from the doors' own route tables and the GraphQL schema, so every new
// route or field is covered automatically: each operation × each kind of bad credential → the
// exact refusal, and never a success or an object of another store.
import { getNamedType, isObjectType, isAbstractType, type GraphQLField, type GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../../facades/rest/index.js";
import { buildSchema } from "../../../src/core/schema.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

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
