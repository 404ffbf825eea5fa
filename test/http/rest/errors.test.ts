import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("REST protocol errors (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("404 problem for an unknown route", async () => {
    const res = await svc.http.get("/v2.2/nothing/here", { token: secret });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toBe("com.retour.api:request/route-not-found");
  });

  it("405 with Allow for a wrong method", async () => {
    const res = await svc.http.request("PATCH", `/v2.2/stores/${storeId}/checkout-experiences/chx_1`, { token: secret });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, DELETE");
    expect(res.body.type).toBe("com.retour.api:request/method-not-allowed");
  });

  it("400 problem for malformed JSON", async () => {
    const res = await svc.http.request("DELETE", `/v2.2/stores/${storeId}/checkout-experiences/chx_1`, { token: secret, raw: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe("com.retour.api:request/malformed-json");
  });

  it("413 problem for an oversized body", async () => {
    const res = await svc.http.request("DELETE", `/v2.2/stores/${storeId}/checkout-experiences/chx_1`, {
      token: secret,
      raw: JSON.stringify({ a: "x".repeat(11 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.type).toBe("com.retour.api:request/too-large");
  });

  it("415 problem for a non-JSON body", async () => {
    const res = await svc.http.request("DELETE", `/v2.2/stores/${storeId}/checkout-experiences/chx_1`, {
      token: secret,
      raw: "a=b",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(415);
  });

  it("serves its OpenAPI document", async () => {
    const res = await svc.http.get("/v2.2/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toContain("/stores/{storeId}/checkout-ab-tests");
  });

  it("health and readiness probes", async () => {
    expect((await fetch(svc.coreUrl + "/healthz")).status).toBe(200);
    expect((await fetch(svc.coreUrl + "/readyz")).status).toBe(200);
  });
});

describe.each(providers)("security headers (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider);
  });
  afterAll(() => svc?.close());

  it("sets security headers and a request id on every response", async () => {
    for (const path of ["/v2.2/stores/x/checkout-ab-tests", "/healthz", "/nowhere"]) {
      const res = await fetch(svc.url + path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
  });
});
