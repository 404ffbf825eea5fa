// Issue 22, findings 1, 2, 3 and 8, through the real doors: work before authentication is bounded by
// the request's size (a fragment fan-out and 1 MB documents of any shape refused at once while
// /healthz answers; anonymous callers limited per address), client operation names never become
// metric labels, no unpaged list is reachable from /graphql, and deeply nested or wide JSON is a 4xx
// on every door, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { W } from "../../support/compat.js";

const METRICS_TOKEN = "preauth-metrics-token";

/** `query{...F0}` with `fragment Fi on Query{...F(i+1) ...F(i+1)}` down to `viewer{__typename}` (the issue's document). */
function fanOut(levels: number): string {
  const frags = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  return `query { ...F0 } ${frags.join(" ")} fragment F${levels} on Query { viewer { __typename } }`;
}

const MB = 1024 * 1024;
const fill = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
/** Documents of every shape an attacker has, about `bytes` long: width, depth, directives, fragments, one literal, one comment. */
const shapes = (bytes: number): [string, string][] => [
  ["aliases", `{ ${fill("a: __typename ", bytes)} }`],
  ["fields", `{ ${fill("__typename ", bytes)} }`],
  ["nesting", `{ ${fill("... on Query { ", bytes / 2)}__typename${fill(" }", bytes / 2)} }`],
  ["directives", `{ __typename ${fill("@include(if: true) ", bytes)} }`],
  [
    "fragments",
    `{ ...F0 } ${Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join(" ")}`,
  ],
  ["string literal", `{ viewer(x: "${"x".repeat(bytes)}") { __typename } }`],
  ["comment", `{ __typename } #${"x".repeat(bytes)}`],
  ["operation name", `query ${"N".repeat(bytes)} { __typename }`],
];
const HUGE = shapes(MB);
/** Just under the length limit: refused by the limits on tokens, depth, selections, aliases or directives (or valid). */
const LONG = shapes(95_000);

/** A JSON text nested `depth` arrays deep around a value. */
const nestedJson = (depth: number, value = "1") => "[".repeat(depth) + value + "]".repeat(depth);

/**
 * A request to the in-process service, with its wall time and the CPU time this process spent meanwhile (the
 * service and the client's few milliseconds). "At once" is asserted on the CPU time: the unbounded work
 * these documents used to cause is seconds to hours of CPU, while the wall time of a refusal on a loaded
 * two-core box swings with whatever else runs (714 ms once at load average 11, for 5 ms of work).
 */
async function postGraphql(url: string, body: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const res = await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const text = await res.text();
  const used = process.cpuUsage(cpu);
  return { status: res.status, text, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}
/**
 * The same request three times, answered alike; its CPU time is the least of the three. The process's CPU time
 * counts whatever else the in-process service and the test worker do meanwhile (a GC of earlier files' garbage,
 * the dispatcher's polls): once 443 ms for a refusal that takes about 30, at load 4–5. Noise only adds, so the
 * least of three is the request's own cost.
 */
async function postThrice(url: string, body: string) {
  const runs = [await postGraphql(url, body), await postGraphql(url, body), await postGraphql(url, body)];
  for (const r of runs) expect(r.status).toBe(runs[0]!.status);
  return { ...runs[0]!, cpuMs: Math.min(...runs.map((r) => r.cpuMs)), ms: Math.min(...runs.map((r) => r.ms)) };
}
/** CPU milliseconds a refusal may take (the issue's bound is 50 ms of wall time on a quiet machine). */
const AT_ONCE_CPU_MS = 250;
/** Wall time /healthz may take beside an attack: past it, the attack held the event loop. */
const HEALTHZ_MS = 3000;

describe.each(providers)("work before authentication is bounded by the request's size (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    // The anonymous limit is tested below on its own service: here every request is measured, three times over.
    svc = await startTestService(provider, { METRICS_TOKEN, RATE_LIMIT_GRAPHQL_PER_MINUTE: "0", RATE_LIMIT_ANONYMOUS_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    // One request first, so the timings below measure the refusal, not a cold start of the route.
    await postGraphql(svc.coreUrl, JSON.stringify({ query: "{ __typename }" }));
  });
  afterAll(() => svc?.close());

  it("refuses the 40-level fragment fan-out without credentials at once, and /healthz answers meanwhile", async () => {
    const query = fanOut(40);
    const attack = postGraphql(svc.coreUrl, JSON.stringify({ query }));
    const health = (async () => {
      const started = performance.now();
      const res = await fetch(`${svc.coreUrl}/healthz`);
      return { status: res.status, ms: performance.now() - started };
    })();
    const [res, h] = await Promise.all([attack, health]);
    console.log(
      `[${provider}] 40-level fan-out (${query.length} bytes) refused in ${res.ms.toFixed(1)} ms (${res.cpuMs.toFixed(1)} ms CPU); /healthz ${h.ms.toFixed(1)} ms`,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", status: 400 });
    expect(h.status).toBe(200);
    // The issue's bound is 50 ms on a quiet machine; asserted as CPU time, with a margin (the figures are logged).
    expect(res.cpuMs).toBeLessThan(AT_ONCE_CPU_MS);
    expect(h.ms).toBeLessThan(HEALTHZ_MS);
  });

  it.each(HUGE)("refuses a 1 MB document of %s without credentials at once", async (_shape, query) => {
    const res = await postThrice(svc.coreUrl, JSON.stringify({ query }));
    console.log(
      `[${provider}] 1 MB ${_shape} document refused in ${res.ms.toFixed(1)} ms (${res.cpuMs.toFixed(1)} ms CPU): ${res.text.slice(0, 120)}`,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX" });
    expect(res.cpuMs).toBeLessThan(AT_ONCE_CPU_MS);
  });

  it.each(LONG)("answers a 95 KB document of %s without credentials at once", async (_shape, query) => {
    const res = await postThrice(svc.coreUrl, JSON.stringify({ query }));
    console.log(
      `[${provider}] 95 KB ${_shape} document answered ${res.status} in ${res.ms.toFixed(1)} ms (${res.cpuMs.toFixed(1)} ms CPU): ${res.text.slice(0, 100)}`,
    );
    expect(res.status).toBeLessThan(500); // a valid one (a long comment) is answered, within the same time
    expect(res.cpuMs).toBeLessThan(AT_ONCE_CPU_MS);
  });

  it("refuses the 30-alias width query of warehouseReturns before execution: no unpaged list on /graphql", async () => {
    const fields = Array.from({ length: 30 }, (_, i) => `a${i}: warehouseReturns(unpaged: true) { returns { id } }`).join(" ");
    const res = await postGraphql(svc.coreUrl, JSON.stringify({ query: `{ ${fields} }` }), { authorization: `Bearer ${secret}` });
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/Unknown argument "unpaged"/);
  });

  it("keeps 1 000 distinct client operation names out of the metrics: /metrics stays under 2 MB", async () => {
    const long = "N".repeat(1900);
    for (let batch = 0; batch < 1000; batch += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postGraphql(svc.coreUrl, JSON.stringify({ query: `query ${long}${batch + i} { viewer { __typename } }` }), {
            authorization: `Bearer ${secret}`,
          }),
        ),
      );
    const res = await fetch(`${svc.coreUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    console.log(`[${provider}] /metrics after 1 000 operation names: ${text.length} bytes`);
    expect(res.status).toBe(200);
    expect(text.length).toBeLessThan(2 * MB);
    expect(text).not.toContain(long.slice(0, 100));
    const other = /retour_graphql_operations_total\{operation="other",outcome="ok"\} (\d+)/.exec(text);
    expect(Number(other?.[1])).toBeGreaterThanOrEqual(1000);
  });

  it.each([9_000, 10_000])("answers JSON nested %i deep with a 4xx on REST, compat and /graphql, never a 500", async (depth) => {
    // REST validates a customer's body before its caller: no credentials needed to reach the parser.
    const rest = await fetch(`${svc.url}/v2.2/stores/${storeId}/customers`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: `{"email":${nestedJson(depth)}}`,
    });
    const restBody = await rest.text();
    expect(rest.status, restBody.slice(0, 200)).toBe(400);
    expect(restBody).toMatch(/nested more than 64 levels/);

    const compat = await fetch(`${svc.url}${W}/return/1/note`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-authorization": secret },
      body: `{"content":${nestedJson(depth)}}`,
    });
    const compatBody = await compat.text();
    // The platform answers a body it cannot take with its validation envelope (422), as for malformed JSON.
    expect(compat.status, compatBody.slice(0, 200)).toBe(422);
    expect(compatBody).toMatch(/nested more than 64 levels/);

    const gql = await postGraphql(svc.coreUrl, `{"query":"{ __typename }","variables":{"x":${nestedJson(depth)}}}`);
    expect(gql.status, gql.text.slice(0, 200)).toBe(400);
    expect(gql.text).toMatch(/nested more than 64 levels/);
  });

  it("answers a JSON object or array wider than its bound with a 400", async () => {
    const wide = `{"email":[${Array.from({ length: 20_000 }, () => "0").join(",")}]}`;
    const res = await fetch(`${svc.url}/v2.2/stores/${storeId}/customers`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: wide,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/more than 10000 entries/);
  });

  it("describes a deep but admitted value in a bounded excerpt (the validation message never stringifies it whole)", async () => {
    const res = await fetch(`${svc.url}/v2.2/stores/${storeId}/customers`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: `{"email":${nestedJson(60, `"${"x".repeat(100_000)}"`)}}`,
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(400);
    expect(text.length).toBeLessThan(5_000);
  });
});

describe.each(providers)("anonymous /graphql callers have their own per-address limit (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_ANONYMOUS_PER_MINUTE: "5" });
  });
  afterAll(() => svc?.close());

  it("answers 429 with Retry-After past it, with or without a credential that names no one", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postGraphql(svc.coreUrl, JSON.stringify({ query: "{ __typename }" }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const past = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(past.status).toBe(429);
    expect(Number(past.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await past.json()).errors[0].extensions).toMatchObject({ code: "RATE_LIMITED" });
    const bogus = await postGraphql(svc.coreUrl, JSON.stringify({ query: "{ __typename }" }), { authorization: "Bearer rtr_sk_nobody" });
    expect(bogus.status).toBe(429);
  });
});
