// Each compat route's scope is derived from the schema's @scope on the fields its operation selects:
// one scope per route (a warehouse key holds returns_read / returns_write only), GETs read, POSTs write,
// and the OpenAPI document states the same scope.
import { describe, expect, it } from "vitest";
import { scopesOf } from "../../facades/declare.js";
import { compatRoutes, compatWebhookRoutes } from "../../facades/compat/index.js";
import { compatOpenApiDocument } from "../../facades/compat/openapi.js";

describe("compat routes", () => {
  it.each(compatRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s needs exactly the scope its method implies",
    (_label, route) => {
      expect(scopesOf(route.operation.document)).toEqual([route.method === "GET" ? "returns_read" : "returns_write"]);
      expect(route.scope).toBe(route.method === "GET" ? "returns_read" : "returns_write");
      const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      expect((compatOpenApiDocument().paths as Record<string, any>)[path][route.method.toLowerCase()]["x-scope"]).toBe(route.scope);
    },
  );

  it("declares each of the platform's ten endpoints once", () => {
    expect(new Set(compatRoutes.map((r) => `${r.method} ${r.path}`)).size).toBe(10);
    expect(new Set(compatRoutes.map((r) => r.operationId)).size).toBe(10);
  });

  it.each(compatWebhookRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "webhooks API %s needs webhooks_read to read, webhooks_write to change (the platform's Developer Tools)",
    (_label, route) => {
      const scope = route.method === "GET" ? "webhooks_read" : "webhooks_write";
      expect(scopesOf(route.operation.document)).toEqual([scope]);
      const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      const item = (compatOpenApiDocument().paths as Record<string, any>)[path];
      expect(item[route.method.toLowerCase()]["x-scope"]).toBe(scope);
      expect(item.servers).toEqual([{ url: "/api/v1" }]);
    },
  );
});
