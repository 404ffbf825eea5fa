// Every call to a shop's Admin API (src/shops/http.ts) is bounded in time and size, follows no redirect and passes
// the outbound guard of webhook callbacks, at save and again at connect time (a name that resolves to loopback).
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressFinding, findingEnglish, unreachableFinding } from "../../src/shops/findings.js";
import { postToShop } from "../../src/shops/http.js";

const OPEN = { allowPrivateUrls: true };
const GUARDED = { allowPrivateUrls: false };
let server: Server;
let base: string;
const pending: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/slow") return void pending.push(() => res.end("{}")); // answers only when the test ends
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, "x");
      let sent = 0;
      const more = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once("drain", more);
        else res.end();
      };
      return more();
    }
    if (req.url === "/moved") return void res.writeHead(302, { location: "/elsewhere" }).end();
    req.resume();
    req.on("end", () =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: { seen: req.headers["vendure-api-key"] } })),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const answer of pending) answer();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("calls to a shop", () => {
  it("sends the headers and reads the answer", async () => {
    const answer = await postToShop(OPEN, `${base}/admin-api`, { "vendure-api-key": "k1" }, "{}");
    expect(answer).toMatchObject({ kind: "answered", status: 200, contentType: "application/json" });
    expect(answer.kind === "answered" && JSON.parse(answer.text)).toEqual({ data: { seen: "k1" } });
  });

  it("gives up on an answer that takes longer than the limit", async () => {
    const started = Date.now();
    expect(await postToShop(OPEN, `${base}/slow`, {}, "{}", { timeoutMs: 300, maxBytes: 1000 })).toEqual({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("stops reading an answer larger than the limit", async () => {
    expect(await postToShop(OPEN, `${base}/big`, {}, "{}", { timeoutMs: 20_000, maxBytes: 100_000 })).toEqual({ kind: "too_large" });
  });

  it("follows no redirect", async () => {
    expect(await postToShop(OPEN, `${base}/moved`, {}, "{}")).toMatchObject({ kind: "answered", status: 302 });
  });

  it("refuses http and private addresses unless the operator allows them, also when a name resolves to one", async () => {
    expect(await postToShop(GUARDED, `${base}/admin-api`, {}, "{}")).toEqual({ kind: "refused", refusal: { reason: "NOT_HTTPS" } });
    expect(await postToShop(GUARDED, "https://127.0.0.1:1/admin-api", {}, "{}")).toEqual({
      kind: "refused",
      refusal: { reason: "NON_PUBLIC", host: "127.0.0.1", address: null },
    });
    expect(await postToShop(GUARDED, "not a url", {}, "{}")).toEqual({ kind: "refused", refusal: { reason: "NOT_ABSOLUTE" } });
    const byName = await postToShop(GUARDED, "https://localhost:1/admin-api", {}, "{}");
    expect(byName).toMatchObject({ kind: "refused", refusal: { reason: "NON_PUBLIC", host: "localhost" } });
    expect(byName.kind === "refused" && byName.refusal.reason === "NON_PUBLIC" && byName.refusal.address).toMatch(/^(127\.|::1)/);
    // The connection test's finding, and its English as it always read.
    const words = (r: Parameters<typeof addressFinding>[1]) => findingEnglish(addressFinding("U", r));
    expect(addressFinding("U", { reason: "NON_PUBLIC", host: "127.0.0.1", address: null })).toEqual({
      code: "SHOP_ADDRESS_REFUSED",
      params: { url: "U", reason: "NON_PUBLIC", host: "127.0.0.1" },
    });
    expect(words({ reason: "NOT_HTTPS" })).toMatch(/^Retour may not call U: the address must use https \(http and private addresses/);
    expect(words({ reason: "NON_PUBLIC", host: "127.0.0.1", address: null })).toMatch(
      /^Retour may not call U: 127\.0\.0\.1 is a non-public address \(/,
    );
    expect(byName.kind === "refused" && words(byName.refusal)).toMatch(/^Retour may not call U: localhost resolves to non-public address /);
  });

  it("says what happened when nothing listens", async () => {
    const answer = await postToShop(OPEN, "http://127.0.0.1:1/admin-api", {}, "{}");
    expect(answer).toMatchObject({ kind: "unreachable" });
    expect(answer.kind === "unreachable" && answer.failure.code).toBe("ECONNREFUSED");
    const finding = answer.kind === "unreachable" ? unreachableFinding("U", answer.failure) : null;
    expect(finding).toMatchObject({ code: "SHOP_UNREACHABLE", params: { url: "U", failure: "ECONNREFUSED" } });
    expect(finding && findingEnglish(finding)).toMatch(/^The shop at U could not be reached \(ECONNREFUSED: .*ECONNREFUSED.*\)\.$/);
  });
});
