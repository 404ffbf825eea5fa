// GraphQL resolvers of the warehouse platform's fields (schema.graphql, its delimited section): its
// reads and actions on returns, its webhooks (kind "loop") and its signing secret.
import type { RequestContext } from "../core/context.js";
import * as returns from "../returns/service.js";
import type { ReturnRow } from "../returns/service.js";
import { totalsMinor } from "../returns/fields.js";
import { lineItemById, orderById } from "../orders/service.js";
import * as wh from "./rules.js";
import { warehouseAsn, type AsnArgs } from "./asn.js";
import * as hooks from "./webhooks.js";

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
type Ref = { storeId?: string | null; ref: wh.WarehouseRef };

export const warehouseResolvers = {
  Query: {
    warehouseReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseReturn(ctx, a.storeId, a.ref),
    warehouseReturns: (_: unknown, a: wh.ListArgs, ctx: Ctx) => wh.warehouseReturns(ctx, a),
    warehouseAsn: (_: unknown, a: AsnArgs, ctx: Ctx) => warehouseAsn(ctx, a),
    warehouseWebhooks: (_: unknown, a: { storeId?: string | null }, ctx: Ctx) => hooks.listWarehouseWebhooks(ctx, a.storeId),
    warehouseWebhookTopics: () => hooks.WAREHOUSE_TOPIC_TRIGGERS,
    warehouseSigningSecret: (_: unknown, a: { storeId: string }, ctx: Ctx) => hooks.signingSecretOf(ctx, a.storeId),
  },
  Mutation: {
    warehouseProcessReturn: (_: unknown, a: Ref & { details?: string | null }, ctx: Ctx) =>
      wh.warehouseProcess(ctx, a.storeId, a.ref, a.details),
    warehouseFlagReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseFlag(ctx, a.storeId, a.ref),
    warehouseCloseReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseClose(ctx, a.storeId, a.ref),
    warehouseCancelReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseCancel(ctx, a.storeId, a.ref),
    warehouseRemoveReturnItems: (_: unknown, a: Ref & { lineItemIds: string[] }, ctx: Ctx) =>
      wh.warehouseRemove(ctx, a.storeId, a.ref, a.lineItemIds),
    warehouseAddReturnNote: (_: unknown, a: Ref & { content?: string | null }, ctx: Ctx) =>
      wh.warehouseNote(ctx, a.storeId, a.ref, a.content),
    createWarehouseWebhook: (_: unknown, a: { storeId?: string | null; input: hooks.WarehouseWebhookInput }, ctx: Ctx) =>
      hooks.createWarehouseWebhook(ctx, a.storeId, a.input),
    updateWarehouseWebhook: (
      _: unknown,
      a: { storeId?: string | null; platformId: number; input: hooks.WarehouseWebhookInput },
      ctx: Ctx,
    ) => hooks.updateWarehouseWebhook(ctx, a.storeId, a.platformId, a.input),
    deleteWarehouseWebhook: (_: unknown, a: { storeId?: string | null; platformId: number }, ctx: Ctx) =>
      hooks.deleteWarehouseWebhook(ctx, a.storeId, a.platformId),
    revealWarehouseSigningSecret: (_: unknown, a: { storeId: string }, ctx: Ctx) => hooks.revealSigningSecret(ctx, a.storeId),
    rotateWarehouseSigningSecret: (_: unknown, a: { storeId: string }, ctx: Ctx) => hooks.rotateSigningSecret(ctx, a.storeId),
  },
  Webhook: {
    // Fields of kind "loop" only: absent on "redo" webhooks.
    trigger: (w: { kind: string; trigger: string | null }) => (w.kind === "loop" ? w.trigger : null),
    platformId: (w: { kind: string; platformId: number | null }) => (w.kind === "loop" ? w.platformId : null),
    shopId: (w: { kind: string; storeId: string }, _: unknown, ctx: Ctx) => (w.kind === "loop" ? hooks.shopIdOf(ctx, w.storeId) : null),
  },
  Return: {
    compatId: (r: ReturnRow) => r.compatId ?? null,
    compatState: (r: ReturnRow) => wh.warehouseStateOf(r.status),
    warehouseTotals: async (r: ReturnRow, _: unknown, ctx: Ctx) => {
      const { values, currency, paid } = await itemMoney(ctx, r);
      return wh.warehouseTotalsIn(values, currency, paid);
    },
    warehouseOutcome: async (r: ReturnRow, _: unknown, ctx: Ctx) =>
      wh.warehouseOutcome((await returns.itemsOf(ctx, r.id)).map((i) => i.compensation)),
    editedAt: async (r: ReturnRow, _: unknown, ctx: Ctx) => wh.editedAtOf(await returns.timelineOf(ctx, r.id)),
    closedAt: async (r: ReturnRow, _: unknown, ctx: Ctx) => wh.closedAtOf(r.status, await returns.timelineOf(ctx, r.id)),
  },
  ReturnItem: wh.WAREHOUSE_ITEM_FIELDS,
};
