// GraphQL resolvers of the warehouse compat fields (schema.graphql, "Warehouse compat door").
import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { ReturnRow } from "./service.js";
import * as wh from "./warehouse-rules.js";

type Ctx = RequestContext;
type Ref = { storeId?: string | null; ref: wh.WarehouseRef };

export const warehouseResolvers = {
  Query: {
    warehouseReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseReturn(ctx, a.storeId, a.ref),
    warehouseReturns: (_: unknown, a: wh.ListArgs, ctx: Ctx) => wh.warehouseReturns(ctx, a),
    warehouseAsn: (_: unknown, a: { storeId?: string | null; from?: Date | null; to?: Date | null }, ctx: Ctx) => wh.warehouseAsn(ctx, a),
  },
  Mutation: {
    warehouseProcessReturn: (_: unknown, a: Ref & { details?: string | null }, ctx: Ctx) => wh.warehouseProcess(ctx, a.storeId, a.ref, a.details),
    warehouseFlagReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseFlag(ctx, a.storeId, a.ref),
    warehouseCloseReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseClose(ctx, a.storeId, a.ref),
    warehouseCancelReturn: (_: unknown, a: Ref, ctx: Ctx) => wh.warehouseCancel(ctx, a.storeId, a.ref),
    warehouseRemoveReturnItems: (_: unknown, a: Ref & { lineItemIds: string[] }, ctx: Ctx) => wh.warehouseRemove(ctx, a.storeId, a.ref, a.lineItemIds),
    warehouseAddReturnNote: (_: unknown, a: Ref & { content?: string | null }, ctx: Ctx) => wh.warehouseNote(ctx, a.storeId, a.ref, a.content),
  },
  Return: {
    compatId: (r: ReturnRow) => r.compatId ?? null,
    compatState: (r: ReturnRow) => wh.compatStateOf(r.status),
  },
  ReturnItem: {
    tax: (v: { tax: number; currency: string }) => ({ amount: money(v.tax, v.currency) }),
  },
};
