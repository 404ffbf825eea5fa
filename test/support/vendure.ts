// A real Vendure 3.7 server for a test file (test/peers/vendure/serve.mjs in a child process): installed once per
// machine (test/support/peers.ts), started on a free port with its own SQLite file in a temp dir and a superadmin
// password of its own, seeded with a small catalogue. Start it in beforeAll with PEER_INSTALL_HOOK_TIMEOUT_MS (the
// first run on a machine installs it) and stop it in afterAll: the temp dir goes with it.
import { spawn } from "node:child_process";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installPeer } from "./peers.js";
import { freePort } from "./processes.js";

const SERVE = fileURLToPath(new URL("../peers/vendure/serve.mjs", import.meta.url));
/** Vendure boots in about 7 s on a quiet machine; CI runs at a load of 6 to 13 on two cores. */
const START_TIMEOUT_MS = 150_000;

export interface Vendure {
  /** http://127.0.0.1:<port>/admin-api */
  adminApiUrl: string;
  /** http://127.0.0.1:<port>/shop-api */
  shopApiUrl: string;
  /** A query or mutation on the Admin API as the superadmin; throws on GraphQL errors. */
  admin<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /**
   * A new API key holding a seeded role: `order-reader` (ReadOrder, ReadCatalog, ReadCustomer), `catalog-reader`, or
   * `order-manager` (those, UpdateOrder to refund, ReadPromotion and CreatePromotion for credit codes, CreateOrder and
   * DeleteOrder for exchange orders, UpdateCatalog to restock).
   */
  createApiKey(role: "order-reader" | "catalog-reader" | "order-manager"): Promise<{ key: string; id: string }>;
  deleteApiKey(id: string): Promise<void>;
  /**
   * An order placed as a shopper through Vendure's own Shop API (cart, customer, address, shipping, the test payment
   * handler), so it becomes a real order; then, when `fulfil` is given, shipped through the Admin API with that
   * tracking code. Answers its id and code.
   */
  placeOrder(order: {
    email: string;
    lines: { sku: string; quantity: number }[];
    fulfil?: { carrier: string; trackingCode: string };
  }): Promise<{ id: string; code: string }>;
  /** A new shopper's session on the Shop API: one GraphQL operation a call, throwing on errors and error results. */
  shopSession(): (query: string, variables?: Record<string, unknown>) => Promise<any>;
  /** Ships every line of an order through the Admin API with the manual handler, carrier and tracking code, marked shipped. */
  fulfil(orderId: string, shipment: { carrier: string; trackingCode: string }): Promise<void>;
  close(): Promise<void>;
}

export async function startVendure(): Promise<Vendure> {
  const peerDir = await installPeer("vendure");
  const dir = mkdtempSync(join(tmpdir(), "retour-vendure-"));
  const port = await freePort();
  const password = `test-${randomBytes(12).toString("hex")}`;
  const child = spawn(process.execPath, [SERVE], {
    cwd: dir, // Vendure writes a .vendure folder where it runs
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      VENDURE_PEER_DIR: peerDir,
      VENDURE_PORT: String(port),
      VENDURE_DB: join(dir, "vendure.sqlite"),
      VENDURE_SUPERADMIN_PASSWORD: password,
      VENDURE_COOKIE_SECRET: randomBytes(16).toString("hex"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exit;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Vendure did not start within ${START_TIMEOUT_MS / 1000} s:\n${output.join("").slice(-3000)}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: string) => {
        output.push(chunk);
        if (output.join("").includes("VENDURE_READY")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.setEncoding("utf8").on("data", onData);
      child.stderr.setEncoding("utf8").on("data", (c: string) => output.push(c));
      void exit.then(() => {
        clearTimeout(timer);
        reject(new Error(`Vendure exited during start-up (code ${child.exitCode}):\n${output.join("").slice(-3000)}`));
      });
    });
  } catch (e) {
    await stop();
    throw e;
  }
  const base = `http://127.0.0.1:${port}`;
  const adminApiUrl = `${base}/admin-api`;
  let token: string | null = null;

  async function post(query: string, variables: Record<string, unknown> | undefined, headers: Record<string, string>) {
    const res = await fetch(adminApiUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(30_000),
    });
    return { res, body: (await res.json()) as { data?: any; errors?: { message: string }[] } };
  }

  async function admin<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    if (!token) {
      const { res, body } = await post(
        `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename ... on CurrentUser { id } ... on ErrorResult { message } } }`,
        { u: "superadmin", p: password },
        {},
      );
      if (body.data?.login?.__typename !== "CurrentUser") throw new Error(`Vendure login failed: ${JSON.stringify(body)}`);
      token = res.headers.get("vendure-auth-token");
    }
    const { body } = await post(query, variables, { authorization: `Bearer ${token}` });
    if (body.errors?.length) throw new Error(`Vendure Admin API: ${JSON.stringify(body.errors)}`);
    return body.data as T;
  }

  return {
    adminApiUrl,
    shopApiUrl: `${base}/shop-api`,
    admin,
    async createApiKey(role) {
      const roles = await admin<{ roles: { items: { id: string; code: string }[] } }>(`{ roles { items { id code } } }`);
      const roleId = roles.roles.items.find((r) => r.code === role)?.id;
      if (!roleId) throw new Error(`Vendure has no role ${role}`);
      const made = await admin<{ createApiKey: { apiKey: string; entityId: string } }>(
        `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey entityId } }`,
        { input: { roleIds: [roleId], translations: [{ languageCode: "en", name: `Retour ${role}` }] } },
      );
      return { key: made.createApiKey.apiKey, id: made.createApiKey.entityId };
    },
    async deleteApiKey(id) {
      await admin(`mutation($ids: [ID!]!) { deleteApiKeys(ids: $ids) { result } }`, { ids: [id] });
    },
    placeOrder: (order) => placeOrder(`${base}/shop-api`, admin, order),
    shopSession: () => shopSession(`${base}/shop-api`),
    fulfil: (orderId, shipment) => fulfil(admin, orderId, shipment),
    close: stop,
  };
}

/** One shopper's session on the Shop API (Vendure answers its session token in `vendure-auth-token`). */
function shopSession(url: string) {
  let token: string | null = null;
  return async (query: string, variables: Record<string, unknown> = {}): Promise<any> => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(30_000),
    });
    token = res.headers.get("vendure-auth-token") ?? token;
    const body = (await res.json()) as { data?: any; errors?: unknown[] };
    if (body.errors?.length) throw new Error(`Vendure Shop API: ${JSON.stringify(body.errors)}`);
    const result = Object.values(body.data ?? {})[0] as { errorCode?: string; message?: string } | null;
    if (result && typeof result === "object" && "errorCode" in result && result.errorCode)
      throw new Error(`Vendure Shop API: ${result.errorCode} ${result.message}`);
    return body.data;
  };
}

const ORDER_RESULT = `... on Order { id code state lines { id productVariant { sku } } } ... on ErrorResult { errorCode message }`;

async function placeOrder(
  shopApiUrl: string,
  admin: Vendure["admin"],
  order: Parameters<Vendure["placeOrder"]>[0],
): Promise<{ id: string; code: string }> {
  const shop = shopSession(shopApiUrl);
  let placed: { id: string; code: string; state: string; lines: { id: string; productVariant: { sku: string } }[] } | null = null;
  for (const line of order.lines) {
    const found = await admin<{ productVariants: { items: { id: string }[] } }>(
      `query($sku: String!) { productVariants(options: { filter: { sku: { eq: $sku } } }) { items { id } } }`,
      { sku: line.sku },
    );
    const variantId = found.productVariants.items[0]?.id;
    if (!variantId) throw new Error(`Vendure has no variant ${line.sku}`);
    placed = (
      await shop(`mutation($v: ID!, $q: Int!) { addItemToOrder(productVariantId: $v, quantity: $q) { ${ORDER_RESULT} } }`, {
        v: variantId,
        q: line.quantity,
      })
    ).addItemToOrder;
  }
  const [firstName, ...rest] = order.email.split("@")[0].split(".");
  await shop(`mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { ${ORDER_RESULT} } }`, {
    i: { emailAddress: order.email, firstName, lastName: rest.join(" ") || "Shopper" },
  });
  await shop(`mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { ${ORDER_RESULT} } }`, {
    i: { fullName: "Ada Lovelace", streetLine1: "1 Main St", city: "Springfield", province: "IL", postalCode: "62701", countryCode: "US" },
  });
  const methods = (await shop(`{ eligibleShippingMethods { id } }`)).eligibleShippingMethods as { id: string }[];
  await shop(`mutation($m: [ID!]!) { setOrderShippingMethod(shippingMethodId: $m) { ${ORDER_RESULT} } }`, { m: [methods[0].id] });
  await shop(
    `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { id } ... on ErrorResult { errorCode message } } }`,
  );
  const payments = (await shop(`{ eligiblePaymentMethods { code } }`)).eligiblePaymentMethods as { code: string }[];
  const paid = (
    await shop(`mutation($i: PaymentInput!) { addPaymentToOrder(input: $i) { ${ORDER_RESULT} } }`, {
      i: { method: payments[0].code, metadata: {} },
    })
  ).addPaymentToOrder;
  if (paid.state !== "PaymentSettled") throw new Error(`Vendure order ${paid.code} is ${paid.state}, not paid`);
  if (order.fulfil && placed) await fulfil(admin, paid.id, order.fulfil);
  return { id: paid.id, code: paid.code };
}

async function fulfil(admin: Vendure["admin"], orderId: string, shipment: { carrier: string; trackingCode: string }): Promise<void> {
  const order = (
    await admin<{ order: { lines: { id: string; quantity: number }[] } }>(`query($id: ID!) { order(id: $id) { lines { id quantity } } }`, {
      id: orderId,
    })
  ).order;
  const made = await admin<{ addFulfillmentToOrder: { id?: string; errorCode?: string; message?: string } }>(
    `mutation($i: FulfillOrderInput!) { addFulfillmentToOrder(input: $i) { ... on Fulfillment { id } ... on ErrorResult { errorCode message } } }`,
    {
      i: {
        lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
        handler: {
          code: "manual-fulfillment",
          arguments: [
            { name: "method", value: shipment.carrier },
            { name: "trackingCode", value: shipment.trackingCode },
          ],
        },
      },
    },
  );
  if (!made.addFulfillmentToOrder.id) throw new Error(`Vendure fulfillment: ${JSON.stringify(made.addFulfillmentToOrder)}`);
  // Marked shipped, as a merchant does: the order moves to Shipped (a new fulfillment alone leaves the order as it was).
  const shipped = await admin<{ transitionFulfillmentToState: { state?: string; errorCode?: string; message?: string } }>(
    `mutation($id: ID!) { transitionFulfillmentToState(id: $id, state: "Shipped") { ... on Fulfillment { state } ... on ErrorResult { errorCode message } } }`,
    { id: made.addFulfillmentToOrder.id },
  );
  if (shipped.transitionFulfillmentToState.state !== "Shipped")
    throw new Error(`Vendure shipping: ${JSON.stringify(shipped.transitionFulfillmentToState)}`);
}

/** Where a fault proxy answers 500 to a call: before the shop sees it, or after the shop did it (its answer lost). */
export type ProxyFault = "before" | "after" | null;

/**
 * A proxy in front of a shop's Admin API at `target` that answers 500 to the calls `faultOf` names by their body
 * (before the shop sees one, or after it answered), and passes every other call through. Close it in afterAll.
 */
export async function faultProxy(target: string, faultOf: (body: Buffer) => ProxyFault): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const fault = faultOf(body);
      if (fault === "before") return void res.writeHead(500, { "content-type": "text/plain" }).end("upstream down");
      const out = request(
        { host: to.hostname, port: to.port, path: req.url, method: "POST", headers: { ...req.headers, host: to.host } },
        (up) => {
          const back: Buffer[] = [];
          up.on("data", (c: Buffer) => back.push(c));
          up.on("end", () => {
            if (fault === "after") return void res.writeHead(500, { "content-type": "text/plain" }).end("gateway lost the answer");
            res
              .writeHead(up.statusCode ?? 502, { "content-type": up.headers["content-type"] ?? "application/json" })
              .end(Buffer.concat(back));
          });
        },
      );
      out.on("error", () => res.writeHead(502).end());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${to.pathname}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}
