// A store's shop connection to a real Vendure 3.7 (test/support/vendure.ts: installed once per machine, started for
// this file on its own SQLite), through the GraphQL core on both Retour databases: set with an API key made in
// Vendure (encrypted at rest, never read back), tested in words for each thing that can be wrong (a key Vendure does
// not know, a key whose role may not read orders, the Shop API or a page given for the Admin API, nothing
// listening, an address the outbound guard refuses), changed without resending the key only on the same origin,
// removed; bad input refused naming the field; the scopes kept.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../../support/peers.js";
import { freePort } from "../../support/processes.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startVendure, type Vendure } from "../../support/vendure.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform adminApiUrl apiKeyHint } }`;
const READ = `query($s: ID!) { shopConnection(storeId: $s) { platform adminApiUrl apiKeyHint updatedAt } }`;
const TEST = `mutation($s: ID!) { testShopConnection(storeId: $s) { ok problem finding { code params { name value } } message testedAt } }`;
const REMOVE = `mutation($s: ID!) { removeShopConnection(storeId: $s) }`;

let vendure: Vendure;
let orderKey: { key: string; id: string };
/** A server answering 200 with a web page, on loopback: "something answered, not the Admin API". */
let page: Server;
let pageUrl: string;

beforeAll(async () => {
  vendure = await startVendure();
  orderKey = await vendure.createApiKey("order-reader");
  page = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Welcome to our shop</body></html>"),
  );
  await new Promise<void>((r) => page.listen(0, "127.0.0.1", r));
  pageUrl = `http://127.0.0.1:${(page.address() as { port: number }).port}/admin-api`;
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await new Promise((r) => page?.close(r));
  await vendure?.close();
});

describe.each(providers)("shop connection to a real Vendure (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Vendure store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** Each store's own key (a key reaches one store). */
  const secrets = new Map<string, string>();
  const gql = (query: string, variables: { s: string } & Record<string, unknown>, token?: string) =>
    svc.http.graphql(query, variables, token ?? secrets.get(variables.s) ?? secret);
  const newStore = async (name: string) => {
    const id = (await svc.createStore(name)).id;
    secrets.set(id, (await svc.createApiClient(id, "all")).secret);
    return id;
  };
  const set = (input: Record<string, unknown>, store = storeId) => gql(SET, { s: store, i: { platform: "vendure", ...input } });
  const test = async (store = storeId) => {
    const res = await gql(TEST, { s: store });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const t = res.data.testShopConnection as {
      ok: boolean;
      problem: string | null;
      finding: { code: string; params: { name: string; value: string }[] };
      message: string;
    };
    // The finding as data: its code, and its parameters by name.
    return { ...t, code: t.finding.code, params: Object.fromEntries(t.finding.params.map((p) => [p.name, p.value])) };
  };

  it("connects with an API key made in Vendure, keeps the key encrypted, never reads it back, and the test says it reads orders", async () => {
    // The platforms offered come from the core's connectors (the dashboard's list of them).
    const platforms = await svc.http.graphql(`{ shopPlatforms { platform name adminApiHint } }`, {}, secret);
    expect(platforms.errors).toBeUndefined();
    expect(platforms.data.shopPlatforms).toEqual([
      { platform: "vendure", name: "Vendure", adminApiHint: expect.stringContaining("admin-api") },
    ]);
    const saved = await set({ adminApiUrl: vendure.adminApiUrl, apiKey: orderKey.key });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.setShopConnection).toEqual({
      platform: "vendure",
      adminApiUrl: vendure.adminApiUrl,
      apiKeyHint: orderKey.key.slice(-4),
    });
    const read = await gql(READ, { s: storeId });
    expect(read.data.shopConnection).toMatchObject({
      platform: "vendure",
      adminApiUrl: vendure.adminApiUrl,
      apiKeyHint: orderKey.key.slice(-4),
    });
    // The schema has no field for the key; at rest it is sealed (the key's text appears nowhere in the row).
    const noField = await gql(`query($s: ID!) { shopConnection(storeId: $s) { apiKey } }`, { s: storeId });
    expect(noField.errors?.[0]?.message).toMatch(/Cannot query field "apiKey"/);
    const row = await svc.services.db.prisma.shopConnection.findUniqueOrThrow({ where: { storeId } });
    expect(JSON.stringify(row)).not.toContain(orderKey.key.slice(0, -4));
    expect(row.apiKeyEnc).toMatch(/^v1\./);

    const result = await test();
    expect(result).toMatchObject({ ok: true, problem: null, code: "SHOP_CONNECTED" });
    expect(result.params).toEqual({ platform: "Vendure", url: vendure.adminApiUrl, orders: "0" });
    expect(result.message).toMatch(/^Connected to Vendure at .*: the key reads orders \(0 orders in the shop\)\.$/);
  });

  it("says the key is not accepted when Vendure does not know it (mistyped, or deleted in Vendure)", async () => {
    const store = await newStore("Wrong key");
    const made = await vendure.createApiKey("order-reader");
    await vendure.deleteApiKey(made.id);
    expect((await set({ adminApiUrl: vendure.adminApiUrl, apiKey: made.key }, store)).errors).toBeUndefined();
    const deleted = await test(store);
    expect(deleted).toMatchObject({ ok: false, problem: "wrong_key", code: "SHOP_KEY_REFUSED" });
    expect(deleted.message).toContain("does not accept the API key");
    expect((await set({ adminApiUrl: vendure.adminApiUrl, apiKey: "not-a-vendure-key" }, store)).errors).toBeUndefined();
    expect(await test(store)).toMatchObject({ ok: false, problem: "wrong_key" });
  });

  it("says the key may not read orders when its role lacks ReadOrder", async () => {
    const store = await newStore("Catalogue key");
    const catalogue = await vendure.createApiKey("catalog-reader");
    expect((await set({ adminApiUrl: vendure.adminApiUrl, apiKey: catalogue.key }, store)).errors).toBeUndefined();
    const result = await test(store);
    expect(result).toMatchObject({ ok: false, problem: "missing_permission", code: "SHOP_CANNOT_READ_ORDERS" });
    expect(result.params).toMatchObject({ permission: "ReadOrder" });
    expect(result.message).toContain("ReadOrder");
  });

  it("says what answered when the address is not Vendure's Admin API: its Shop API, its root, a web page", async () => {
    const store = await newStore("Wrong address");
    for (const [url, words, code] of [
      [vendure.shopApiUrl, /not a Vendure Admin API.*\/admin-api/, "SHOP_NOT_ADMIN_API"],
      [vendure.adminApiUrl.replace(/\/admin-api$/, "/"), /answered HTTP 404 \(application\/json\), not GraphQL/, "SHOP_NOT_GRAPHQL"],
      [pageUrl, /answered HTTP 200 \(text\/html\), not GraphQL.*Welcome to our shop/, "SHOP_NOT_GRAPHQL"],
    ] as const) {
      expect((await set({ adminApiUrl: url, apiKey: orderKey.key }, store)).errors).toBeUndefined();
      const result = await test(store);
      expect(result, url).toMatchObject({ ok: false, problem: "not_admin_api", code });
      expect(result.message).toMatch(words);
      expect(result.message).not.toContain(orderKey.key);
    }
  });

  it("says the shop cannot be reached when nothing listens at the address", async () => {
    const store = await newStore("Nothing there");
    const url = `http://127.0.0.1:${await freePort()}/admin-api`;
    expect((await set({ adminApiUrl: url, apiKey: orderKey.key }, store)).errors).toBeUndefined();
    const result = await test(store);
    expect(result).toMatchObject({ ok: false, problem: "unreachable", code: "SHOP_UNREACHABLE", params: { url, failure: "ECONNREFUSED" } });
    expect(result.message).toMatch(/could not be reached \(ECONNREFUSED/);
    // An import from it is refused with the same finding as data, and its English as it always read.
    const IMPORT = `mutation($s: ID!) { importShopOrders(storeId: $s, days: 7) { imported } }`;
    const refused = (await gql(IMPORT, { s: store })).errors?.[0];
    expect(refused?.extensions).toMatchObject({
      status: 422,
      type: "shops/unavailable",
      refusal: { code: "SHOP_ORDERS_UNAVAILABLE", params: { imported: 0, finding: "SHOP_UNREACHABLE", "finding.url": url } },
    });
    expect(refused?.message).toBe(`${result.message} 0 order(s) were imported before; import again once the connection test passes.`);
  });

  it("keeps the stored key on the same origin, asks for it again on another origin, and removes the connection", async () => {
    const store = await newStore("Moving shop");
    expect((await set({ adminApiUrl: vendure.adminApiUrl, apiKey: orderKey.key }, store)).errors).toBeUndefined();
    const samePlace = await set({ adminApiUrl: `${vendure.adminApiUrl}?languageCode=en` }, store);
    expect(samePlace.errors).toBeUndefined();
    expect(samePlace.data.setShopConnection.apiKeyHint).toBe(orderKey.key.slice(-4));
    expect(await test(store)).toMatchObject({ ok: true });

    const moved = await set({ adminApiUrl: pageUrl }, store);
    expect(moved.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "input.apiKey" });
    expect(moved.errors?.[0]?.message).toContain("Paste the key again");
    expect((await gql(READ, { s: store })).data.shopConnection.adminApiUrl).toBe(`${vendure.adminApiUrl}?languageCode=en`);

    expect((await gql(REMOVE, { s: store })).data.removeShopConnection).toBe(true);
    expect((await gql(READ, { s: store })).data.shopConnection).toBeNull();
    expect((await gql(REMOVE, { s: store })).data.removeShopConnection).toBe(false);
    const none = await gql(TEST, { s: store });
    expect(none.errors?.[0]?.extensions).toMatchObject({ status: 404, type: "shops/no-connection" });
  });

  it("refuses bad input naming each field and its fix, and writes nothing", async () => {
    const store = await newStore("Bad input");
    const noKey = await set({ adminApiUrl: vendure.adminApiUrl }, store);
    expect(noKey.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "input.apiKey" });
    expect(noKey.errors?.[0]?.message).toContain("make an API key in Vendure");
    const relative = await set({ adminApiUrl: "shop.example.com/admin-api", apiKey: orderKey.key }, store);
    expect(relative.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "input.adminApiUrl" });
    expect(relative.errors?.[0]?.message).toContain("must be an absolute http(s) URL");
    const twoLines = await set({ adminApiUrl: vendure.adminApiUrl, apiKey: "two\nlines" }, store);
    expect(twoLines.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "input.apiKey" });
    expect(twoLines.errors?.[0]?.message).toContain("on one line; omit it to keep the stored key");
    const platform = await gql(SET, { s: store, i: { platform: "magento", adminApiUrl: vendure.adminApiUrl, apiKey: "k" } });
    expect(platform.errors?.[0]?.message).toMatch(/ShopPlatform/);
    expect((await gql(READ, { s: store })).data.shopConnection).toBeNull();
  });

  it("keeps the scopes: shop_read reads the connection, only shop_write sets, tests or removes it", async () => {
    const reader = (await svc.createApiClient(storeId, ["shop_read"])).secret;
    const read = await gql(READ, { s: storeId }, reader);
    expect(read.data.shopConnection.platform).toBe("vendure");
    for (const [query, vars] of [
      [SET, { s: storeId, i: { platform: "vendure", adminApiUrl: pageUrl, apiKey: "stolen" } }],
      [TEST, { s: storeId }],
      [REMOVE, { s: storeId }],
    ] as const) {
      const res = await gql(query, vars, reader);
      expect(res.errors?.[0]?.extensions?.status, query).toBe(403);
    }
    const other = (await svc.createStore("Another store")).id;
    const foreign = await gql(READ, { s: storeId }, (await svc.createApiClient(other, "all")).secret);
    expect(foreign.errors?.[0]?.extensions?.status).toBeGreaterThanOrEqual(403);
  });
});

describe.each(providers)("shop connection where private addresses are not allowed (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_ALLOW_PRIVATE_URLS: "false" });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("refuses a Vendure on loopback or over http, naming the field, as webhook callbacks are", async () => {
    const storeId = (await svc.createStore("Guarded")).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    for (const [url, words] of [
      [vendure.adminApiUrl, "must use https"],
      ["https://127.0.0.1:3000/admin-api", "must not point at a private, loopback or link-local address"],
      ["https://localhost/admin-api", "must not point at a private, loopback or link-local address"],
    ]) {
      const res = await svc.http.graphql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: url, apiKey: orderKey.key } }, secret);
      expect(res.errors?.[0]?.extensions, url).toMatchObject({ status: 400, field: "input.adminApiUrl" });
      expect(res.errors?.[0]?.message).toContain(words);
    }
    expect(await svc.services.db.prisma.shopConnection.count({ where: { storeId } })).toBe(0);
  });
});
