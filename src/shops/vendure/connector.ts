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
  if (!who.ok) return { ok: false, problem: who.problem, finding: who.finding };
  const unknown = unknownField(who.errors);
  if (unknown)
    return {
      ok: false,
      problem: "not_admin_api",
      finding: { code: "SHOP_NOT_ADMIN_API", params: { url, said: unknown.message, platform: "Vendure" } },
    };
  if (isForbidden(who.errors) || !who.data?.activeChannel)
    return {
      ok: false,
      problem: "wrong_key",
      finding: { code: "SHOP_KEY_REFUSED", params: { url, platform: "Vendure" } },
    };
  if (who.errors.length)
    return {
      ok: false,
      problem: "not_admin_api",
      finding: { code: "SHOP_ANSWERED_ERROR", params: { url, error: who.errors[0].message } },
    };
  const orders = await vendureAdmin<{ orders: { totalItems: number } }>(
    policy,
    credentials,
    "query RetourCanReadOrders { orders(options: { take: 1 }) { totalItems } }",
  );
  if (!orders.ok) return { ok: false, problem: orders.problem, finding: orders.finding };
  if (isForbidden(orders.errors))
    return {
      ok: false,
      problem: "missing_permission",
      finding: { code: "SHOP_CANNOT_READ_ORDERS", params: { platform: "Vendure", permission: "ReadOrder", where: "Settings → Roles" } },
    };
  if (orders.errors.length || !orders.data)
    return {
      ok: false,
      problem: "not_admin_api",
      finding: { code: "SHOP_ORDERS_ERROR", params: { url, error: orders.errors[0]?.message ?? "no data" } },
    };
  return {
    ok: true,
    problem: null,
    finding: { code: "SHOP_CONNECTED", params: { platform: "Vendure", url, orders: orders.data.orders.totalItems } },
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
