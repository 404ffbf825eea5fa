// Issue 13 (also): the compat list's nextPageUrl / previousPageUrl come from PUBLIC_URL, or from the
// request's scheme and Host only when those are http(s) and a valid host; a hostile Host or
// X-Forwarded-Proto can no longer turn them into `javascript:` or foreign links.
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { W, compatReturn } from "../../support/compat.js";

/** GET with headers fetch() would not send as given (Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const HOSTILE = [
  { host: "evil.example/x?", "x-forwarded-proto": "javascript" },
  { host: "a@evil.example", "x-forwarded-proto": "javascript:alert(1)//" },
  { host: "localhost:99999", "x-forwarded-proto": "ftp" },
];

describe.each(providers)("compat page URLs (%s)", (provider) => {
  const services: TestService[] = [];
  async function listWith(env: Record<string, string>, headers: Record<string, string>) {
    const svc = await startTestService(provider, env);
    services.push(svc);
    const storeId = (await svc.createStore()).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    for (let i = 0; i < 2; i++) await compatReturn(svc, storeId, secret, { lines: 1 });
    return (h: Record<string, string>) =>
      rawGet(`${svc.url}${W}/return/list?paginate=true&pageSize=1`, { "x-authorization": secret, ...headers, ...h });
  }
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  it("never builds them from a hostile Host or X-Forwarded-Proto", async () => {
    const list = await listWith({}, {});
    for (const hostile of HOSTILE) {
      const res = await list(hostile);
      expect(res.status).toBe(200);
      const next = new URL(res.body.nextPageUrl);
      expect(["http:", "https:"]).toContain(next.protocol);
      expect(next.hostname).not.toContain("evil");
      expect(next.pathname).toBe(`${W}/return/list`);
      expect(next.searchParams.get("cursor")).toEqual(expect.any(String));
    }
    // A valid Host and proto still work without PUBLIC_URL (behind a proxy that sets them).
    const ok = await list({ host: "returns.example.org:8443", "x-forwarded-proto": "https" });
    expect(ok.body.nextPageUrl).toMatch(/^https:\/\/returns\.example\.org:8443\/api\/v1\/warehouse\/return\/list\?/);
  });

  it("ignores X-Forwarded-Proto from a peer TRUST_PROXY does not trust", async () => {
    const list = await listWith({ TRUST_PROXY: "false" }, {});
    const res = await list({ host: "returns.example.org", "x-forwarded-proto": "https" });
    expect(res.body.nextPageUrl).toMatch(/^http:\/\/returns\.example\.org\/api\/v1\/warehouse\/return\/list\?/);
  });

  it("uses PUBLIC_URL whatever the request says", async () => {
    const list = await listWith({ PUBLIC_URL: "https://returns.example.com/" }, {});
    for (const hostile of HOSTILE) {
      const res = await list(hostile);
      expect(res.body.nextPageUrl).toMatch(/^https:\/\/returns\.example\.com\/api\/v1\/warehouse\/return\/list\?/);
    }
  });
});
