// The dashboard door over plain HTTP: the built app with client-side routes, the API reference and
// the GraphQL explorer, all from this process (the browser suite in test/e2e drives them).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("dashboard door (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider);
  });
  afterAll(() => svc?.close());

  const get = (path: string, accept = "text/html") => fetch(`${svc.url}${path}`, { headers: { accept }, redirect: "manual" });

  it("serves the app at /dashboard and its client-side routes, with a same-origin CSP", async () => {
    for (const path of [
      "/dashboard",
      "/dashboard/",
      "/dashboard/settings/developer",
      "/dashboard/login",
      "/dashboard/returns",
      "/dashboard/return-policy",
      "/dashboard/webhooks/wh_x",
      "/dashboard/invoices/inv_x",
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      const html = await res.text();
      expect(html).toContain('<div id="app">');
      const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const js = await get(script!, "*/*");
      expect(js.status).toBe(200);
      expect(js.headers.get("content-type")).toMatch(/javascript/);
    }
    expect((await get("/dashboard/assets/nope.js", "*/*")).status).toBe(404);
    const root = await get("/");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/dashboard/");
  });

  it("serves the API reference with its renderer from this process", async () => {
    const page = await get("/docs/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const src of html.match(/(?:src|href)="(\/docs\/[^"]+)"/g)!.map((m) => m.split('"')[1])) {
      expect([src, (await get(src, "*/*")).status]).toEqual([src, 200]);
    }
    const config = await (await get("/docs/config.json", "application/json")).json();
    expect(config).toEqual({
      documents: [
        { name: "REST v2.2 merchant API", url: "/v2.2/openapi.json" },
        { name: "Warehouse compat API", url: "/api/v1/warehouse/openapi.json" },
      ],
      explorer: "/graphql",
    });
  });

  it("offers the GraphiQL explorer on GET /graphql from a browser, and still answers GraphQL", async () => {
    const page = await get("/graphql");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Retour GraphQL explorer");
    for (const src of html.match(/(?:src|href)="(\/docs\/explorer\/[^"]+)"/g)!.map((m) => m.split('"')[1])) {
      expect([src, (await get(src, "*/*")).status]).toEqual([src, 200]);
    }
    // A GET query (Apollo's CSRF rule wants a preflight header) and a POST still reach GraphQL.
    const query = await fetch(`${svc.url}/graphql?query=${encodeURIComponent("{ viewer { __typename } }")}`, {
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(query.status).toBe(200);
    expect(await query.json()).toEqual({ data: { viewer: { __typename: "Anonymous" } } });
    expect((await svc.http.graphql("{ viewer { __typename } }")).data).toEqual({ viewer: { __typename: "Anonymous" } });
  });
});

describe.each(providers)("dashboard door in production (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider, {
      NODE_ENV: "production",
      WEBHOOK_ENCRYPTION_KEY: "test-webhook-encryption-key",
      PUBLIC_URL: "https://returns.example.com",
    });
  });
  afterAll(() => svc?.close());

  it("has no explorer and says so in the docs config", async () => {
    const page = await fetch(`${svc.url}/graphql`, { headers: { accept: "text/html" } });
    expect(await page.text()).not.toContain("Retour GraphQL explorer");
    const config = await (await fetch(`${svc.url}/docs/config.json`)).json();
    expect(config.explorer).toBeNull();
  });
});
