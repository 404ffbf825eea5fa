// GraphQL resolvers of the warehouse platform's fields (schema.graphql, its delimited section): its
// reads and actions on returns, its webhooks (kind "loop") and its signing secret.
import type { RequestContext } from "../core/context.js";
import * as returns from "../returns/service.js";
import type { ReturnRow } from "../returns/service.js";
import { totalsMinor } from "../returns/fields.js";
import { lineItemById, orderById } from "../orders/service.js";
import * as wh from "./rules.js";
import { warehouseAsn } from "./asn.js";
import * as hooks from "./webhooks.js";
import type { Resolvers } from "../core/generated/schema.js";

type Ctx = RequestContext;

/** The return's items with their values (minor units) and the order's currency. */
async function itemMoney(ctx: Ctx, r: ReturnRow) {
  const [items, order] = await Promise.all([returns.itemsOf(ctx, r.id), r.orderId ? orderById(ctx, r.orderId) : null]);
  const currency = returns.returnCurrency(r, order);
  const values = await Promise.all(
    items.map(async (item) => {
      const line = item.orderId && item.lineItemId ? await lineItemById(ctx, item.orderId, item.lineItemId) : null;
      return { item, line, compensation: item.compensation, status: item.status, ...returns.itemValues(item, line) };
    }),
  );
  return { values, currency, paid: totalsMinor(values, r) };
}

export const warehouseResolvers = {
  Query: {
    warehouseReturn: (_, a, ctx) => wh.warehouseReturn(ctx, a.storeId, a.ref),
    warehouseReturns: (_, a, ctx) => wh.warehouseReturns(ctx, a),
    warehouseAsn: (_, a, ctx) => warehouseAsn(ctx, a),
    warehouseWebhooks: (_, a, ctx) => hooks.listWarehouseWebhooks(ctx, a.storeId),
    warehouseWebhookTopics: () => hooks.WAREHOUSE_TOPIC_TRIGGERS.map((t) => ({ topic: t.topic, triggers: [...t.triggers] })),
    warehouseSigningSecret: (_, a, ctx) => hooks.signingSecretOf(ctx, a.storeId),
  },
  Mutation: {
    warehouseProcessReturn: (_, a, ctx) => wh.warehouseProcess(ctx, a.storeId, a.ref, a.details),
    warehouseFlagReturn: (_, a, ctx) => wh.warehouseFlag(ctx, a.storeId, a.ref),
    warehouseCloseReturn: (_, a, ctx) => wh.warehouseClose(ctx, a.storeId, a.ref),
    warehouseCancelReturn: (_, a, ctx) => wh.warehouseCancel(ctx, a.storeId, a.ref),
    warehouseRemoveReturnItems: (_, a, ctx) => wh.warehouseRemove(ctx, a.storeId, a.ref, a.lineItemIds),
    warehouseAddReturnNote: (_, a, ctx) => wh.warehouseNote(ctx, a.storeId, a.ref, a.content),
    createWarehouseWebhook: (_, a, ctx) => hooks.createWarehouseWebhook(ctx, a.storeId, a.input),
    updateWarehouseWebhook: (_, a, ctx) => hooks.updateWarehouseWebhook(ctx, a.storeId, a.platformId, a.input),
    deleteWarehouseWebhook: (_, a, ctx) => hooks.deleteWarehouseWebhook(ctx, a.storeId, a.platformId),
    revealWarehouseSigningSecret: (_, a, ctx) => hooks.revealSigningSecret(ctx, a.storeId),
    rotateWarehouseSigningSecret: (_, a, ctx) => hooks.rotateSigningSecret(ctx, a.storeId),
  },
  Webhook: {
    // Fields of kind "loop" only: absent on "redo" webhooks.
    trigger: (w) => (w.kind === "loop" ? w.trigger : null),
    platformId: (w) => (w.kind === "loop" ? w.platformId : null),
    shopId: (w, _, ctx) => (w.kind === "loop" ? hooks.shopIdOf(ctx, w.storeId) : null),
  },
  Return: {
    compatId: (r) => r.compatId ?? null,
    compatState: (r) => wh.warehouseStateOf(r.status),
    warehouseTotals: async (r, _, ctx) => {
      const { values, currency, paid } = await itemMoney(ctx, r);
      return wh.warehouseTotalsIn(values, currency, paid);
    },
    warehouseOutcome: async (r, _, ctx) => wh.warehouseOutcome((await returns.itemsOf(ctx, r.id)).map((i) => i.compensation)),
    editedAt: async (r, _, ctx) => wh.editedAtOf(await returns.timelineOf(ctx, r.id)),
    closedAt: async (r, _, ctx) => wh.closedAtOf(r.status, await returns.timelineOf(ctx, r.id)),
  },
  ReturnItem: wh.WAREHOUSE_ITEM_FIELDS,
} satisfies Resolvers;
