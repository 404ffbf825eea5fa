// Vendure (3.x) as a shop platform: its Admin API at …/admin-api, an API key made in Vendure (Settings → API keys,
// or the Admin API's createApiKey) whose roles hold ReadOrder.
import type { ShopConnectionTest, ShopConnector } from "../connector.js";
import { isForbidden, unknownField, vendureAdmin } from "./admin-api.js";
import { vendureOrders } from "./orders.js";
import { vendureFindRefund, vendureRefund } from "./refunds.js";
import { vendureFindCredit, vendureIssueCredit } from "./credit.js";
import { vendurePlaceExchange } from "./exchange.js";
import { vendureRestock } from "./restock.js";
import { vendureStock } from "./stock.js";

/**
 * The test, in three calls that each say one thing: `activeAdministrator` exists only on the Admin API (the Shop API
 * and other GraphQL servers refuse the field); `activeChannel` needs an authenticated user (a key Vendure does not
 * know is anonymous: FORBIDDEN; `me` is no use, it refuses API keys too); `orders` needs ReadOrder.
 */
async function test(
  policy: Parameters<ShopConnector["test"]>[0],
  credentials: Parameters<ShopConnector["test"]>[1],
): Promise<ShopConnectionTest> {
  const url = credentials.adminApiUrl;
  const who = await vendureAdmin<{ activeChannel: { code: string } | null }>(
    policy,
    credentials,
    "query RetourWho { activeAdministrator { id } activeChannel { code } }",
  );
  if (!who.ok) return { ok: false, problem: who.problem, message: who.message };
  const unknown = unknownField(who.errors);
  if (unknown)
    return {
      ok: false,
      problem: "not_admin_api",
      message: `${url} answers GraphQL but is not a Vendure Admin API (it said ${JSON.stringify(unknown.message)}); the Shop API's address ends in /shop-api, the Admin API's in /admin-api.`,
    };
  if (isForbidden(who.errors) || !who.data?.activeChannel)
    return {
      ok: false,
      problem: "wrong_key",
      message: `The shop at ${url} does not accept the API key: it may have been mistyped, deleted or rotated in Vendure. Make a new key in Vendure and save it here.`,
    };
  if (who.errors.length)
    return {
      ok: false,
      problem: "not_admin_api",
      message: `The shop at ${url} answered with an error: ${JSON.stringify(who.errors[0].message)}.`,
    };
  const orders = await vendureAdmin<{ orders: { totalItems: number } }>(
    policy,
    credentials,
    "query RetourCanReadOrders { orders(options: { take: 1 }) { totalItems } }",
  );
  if (!orders.ok) return { ok: false, problem: orders.problem, message: orders.message };
  if (isForbidden(orders.errors))
    return {
      ok: false,
      problem: "missing_permission",
      message: `The key is accepted but may not read orders: give its role the ReadOrder permission in Vendure (Settings → Roles).`,
    };
  if (orders.errors.length || !orders.data)
    return {
      ok: false,
      problem: "not_admin_api",
      message: `The shop at ${url} could not list its orders: ${JSON.stringify(orders.errors[0]?.message ?? "no data")}.`,
    };
  const n = orders.data.orders.totalItems;
  return {
    ok: true,
    problem: null,
    message: `Connected to Vendure at ${url}: the key reads orders (${n} ${n === 1 ? "order" : "orders"} in the shop).`,
  };
}

export const vendureConnector: ShopConnector = {
  platform: "vendure",
  name: "Vendure",
  adminApiHint: "the Admin API's address, such as https://shop.example.com/admin-api",
  test,
  // Vendure keeps updatedAt in whole seconds on SQLite and MySQL (milliseconds on PostgreSQL).
  cursorOverlapMs: 1000,
  orders: vendureOrders,
  refund: vendureRefund,
  findRefund: vendureFindRefund,
  issueCredit: vendureIssueCredit,
  findCredit: vendureFindCredit,
  placeExchange: vendurePlaceExchange,
  restock: vendureRestock,
  stock: vendureStock,
};
