// Both OpenAPI documents state a bound for every text and list a client sends (request bodies,
// path, query and header parameters), so no bound the core enforces goes undocumented.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../facades/rest/openapi.js";
import { compatOpenApiDocument } from "../../facades/compat/openapi.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../../src/core/bounds.js";

type Doc = { paths: Record<string, any>; components: { schemas: Record<string, any> } };

function unbounded(doc: Doc): string[] {
  const missing: string[] = [];
  const walk = (s: any, path: string): void => {
    if (!s || typeof s !== "object") return;
    if (s.$ref) {
      walk(doc.components.schemas[s.$ref.split("/").pop()], path);
      return;
    }
    for (const k of ["oneOf", "anyOf", "allOf"]) (s[k] ?? []).forEach((x: any) => walk(x, path));
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const fixedForm = s.enum || s.const !== undefined || ["date-time", "date"].includes(s.format);
    if (types.includes("string") && s.maxLength === undefined && !fixedForm) missing.push(`${path} (maxLength)`);
    if (types.includes("array")) {
      if (s.maxItems === undefined) missing.push(`${path} (maxItems)`);
      walk(s.items, `${path}[]`);
    }
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${path}.${k}`);
  };
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const prm of item.parameters ?? []) walk(prm.schema, `${p} ${prm.name}`);
    for (const [method, op] of Object.entries<any>(item)) {
      if (method === "parameters") continue;
      for (const prm of op.parameters ?? []) walk(prm.schema, `${method} ${p} ${prm.name}`);
      walk(op.requestBody?.content?.["application/json"]?.schema, `${method} ${p} body`);
    }
  }
  return missing;
}

describe("OpenAPI bounds", () => {
  it("REST v2.2 states a bound for every text and list in requests", () => {
    expect(unbounded(openApiDocument("retour") as unknown as Doc)).toEqual([]);
  });
  it("the compat door states a bound for every text and list in requests", () => {
    expect(unbounded(compatOpenApiDocument() as unknown as Doc)).toEqual([]);
  });
  it("takes the numbers from src/core/bounds.ts", () => {
    const body = (openApiDocument("retour").paths as any)["/stores/{storeId}/orders"].post.requestBody.content["application/json"].schema;
    expect(body.properties.lineItems.maxItems).toBe(LIST_BOUNDS.orderLineItems);
    expect(body.properties.lineItems.items.properties.title.maxLength).toBe(TEXT_BOUNDS.title);
  });
});
