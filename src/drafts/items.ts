// The draft's items (state created): add a returnable line (quantity at most what the policy lets return
// now), set its reason, answer, photos, outcome (among those the policy offers for it) and exchange variant
// (a variant of the same product at the same price, in stock in Retour's inventory), remove it; finalize
// the items; then the credit type. Every refusal names its field and, in one transaction, changes nothing.
import type { RequestContext } from "../core/context.js";
import { type FieldProblem, fail } from "../core/errors.js";
import { newId } from "../core/ids.js";
import { normalName } from "../core/display-text.js";
import { evaluateDraft, exchangeVariants, isLineVariant } from "./evaluate.js";
import { stockPlatform } from "../shops/stock.js";
import { type ActionScope, act } from "./service.js";
import { notEligible } from "./errors.js";
import { STEPS } from "./lifecycle.js";
import { uploadIdOf } from "./photos.js";
import { problem, refuse } from "./refusals.js";
import { LIST_BOUNDS } from "../core/bounds.js";

type Ref = { id?: string | null; shopperToken?: string | null };

function lineOf(s: ActionScope, lines: { id: string; externalId: string }[], given: string, field: string) {
  const line = lines.find((l) => l.externalId === given) ?? lines.find((l) => l.id === given);
  if (!line) throw refuse("NOT_A_LINE", { field, line: given, order: s.order.name });
  return line;
}

export function addItem(
  ctx: RequestContext,
  ref: Ref,
  input: { lineItemId: string; quantity?: number | null; reasonCode?: string | null; outcome?: string | null },
) {
  return act(ctx, ref, STEPS.addItem, async (s) => {
    const { tx, draft, order } = s;
    const e = await evaluateDraft(tx, order, draft.items);
    const line = lineOf(
      s,
      e.lines.map((l) => ({ id: l.id, externalId: l.externalId })),
      input.lineItemId,
      "input.lineItemId",
    );
    const view = e.lines.find((l) => l.id === line.id)!;
    if (!view.returnable) throw notEligible("input.lineItemId", view.externalId, view.code ?? "ALREADY_RETURNED", view.decision);
    if (draft.items.some((i) => i.lineItemId === line.id)) throw refuse("ALREADY_IN_DRAFT", { line: input.lineItemId });
    const quantity = input.quantity ?? 1;
    if (quantity > view.returnable)
      throw refuse("TOO_MANY_UNITS", { field: "input.quantity", max: view.returnable, quantity, line: view.externalId });
    const position = draft.items.reduce((n, i) => Math.max(n, i.position + 1), 0);
    const item = await tx.draftReturnItem.create({
      data: { id: newId("dri"), draftId: draft.id, position, lineItemId: line.id, quantity },
    });
    if (input.reasonCode != null || input.outcome != null)
      await applyUpdate({ ...s, draft: { ...draft, items: [...draft.items, item] } }, item.id, {
        reasonCode: input.reasonCode,
        outcome: input.outcome,
      });
  });
}

export interface ItemUpdate {
  reasonCode?: string | null;
  answer?: string | null;
  photos?: string[] | null;
  outcome?: string | null;
  exchangeVariant?: string | null;
}

export function updateItem(ctx: RequestContext, ref: Ref, itemId: string, input: ItemUpdate) {
  // A shopper's own session sends photos only by upload (addDraftReturnPhoto, checked from its bytes): a link
  // would be shown to the merchant as the shopper's photo though Retour never saw it (issue 36, low finding).
  // A storefront or merchant key may give links, as the platform's API lets them.
  const links = (input.photos ?? []).filter((p) => !uploadIdOf(p));
  if (ctx.principal.kind === "shopper" && links.length) throw refuse("PHOTO_NOT_IMAGE", { reason: "LINK", kind: "" });
  return act(ctx, ref, STEPS.updateItem, (s) => applyUpdate(s, itemId, input), itemId);
}

function itemOf(s: ActionScope, itemId: string) {
  const item = s.draft.items.find((i) => i.id === itemId);
  if (!item) throw refuse("ITEM_NOT_FOUND", { id: itemId });
  return item;
}

/** Links given replace the item's links; its uploads stay (removeDraftReturnPhoto takes one off). */
function withUploads(current: string, given: string[]): string[] {
  const uploads = (JSON.parse(current) as string[]).filter((p) => uploadIdOf(p));
  const photos = [...uploads, ...given.filter((p) => !uploads.includes(p))];
  if (photos.length > LIST_BOUNDS.draftPhotos)
    throw refuse("TOO_MANY_PHOTOS", { scope: "LINKS", max: LIST_BOUNDS.draftPhotos, count: photos.length, uploaded: uploads.length });
  return photos;
}

async function applyUpdate(s: ActionScope, itemId: string, input: ItemUpdate) {
  const { tx, draft, order } = s;
  const item = itemOf(s, itemId);
  const merged = {
    ...item,
    ...(input.reasonCode !== undefined ? { reasonCode: input.reasonCode?.trim() || null } : {}),
    ...(input.answer !== undefined ? { answer: input.answer?.trim() ? normalName(input.answer.trim()) : null } : {}),
    ...(input.photos != null ? { photos: JSON.stringify(withUploads(item.photos, input.photos)) } : {}),
    ...(input.outcome !== undefined ? { outcome: input.outcome } : {}),
  };
  const items = draft.items.map((i) => (i.id === item.id ? merged : i));
  const e = await evaluateDraft(tx, order, items);
  if (merged.reasonCode && e.reasons.length && !e.reasons.some((r) => r.code === merged.reasonCode))
    throw refuse("REASON_NOT_LISTED", { reason: merged.reasonCode, reasons: e.reasons.map((r) => r.code).join(", ") });
  const offers = e.itemOffers[items.findIndex((i) => i.id === item.id)]!.map((o) => o.outcome);
  if (merged.outcome && !offers.includes(merged.outcome))
    throw refuse("OUTCOME_NOT_OFFERED", {
      field: input.outcome !== undefined ? "input.outcome" : "input.reasonCode",
      outcome: merged.outcome,
      offered: offers.join(", "),
      reason: merged.reasonCode ?? "",
    });
  let exchangeSku = merged.outcome === "exchange" ? merged.exchangeSku : null;
  if (input.exchangeVariant != null) {
    if (merged.outcome !== "exchange") throw refuse("EXCHANGE_NEEDS_OUTCOME");
    exchangeSku = await checkVariant(s, e.lines.find((l) => l.id === item.lineItemId)!, input.exchangeVariant, merged.quantity);
  }
  await tx.draftReturnItem.update({
    where: { id: item.id },
    data: {
      reasonCode: merged.reasonCode,
      answer: merged.answer,
      photos: merged.photos,
      outcome: merged.outcome,
      exchangeSku,
    },
  });
}

/** The SKU of the variant named (by SKU, catalogue id or the shop's variant id), checked for the line and its stock. */
async function checkVariant(
  s: ActionScope,
  line: { productId: string; unitPrice: number; externalId: string; sku: string | null },
  given: string,
  units: number,
): Promise<string> {
  const f = "input.exchangeVariant";
  const name = given.trim();
  const product = await s.tx.product.findFirst({
    where: { storeId: s.draft.storeId, OR: [{ sku: name }, { id: name }, { externalId: name }] },
    select: { sku: true },
  });
  if (!product) throw refuse("VARIANT_UNKNOWN", { field: f, variant: given });
  const offered = (await exchangeVariants(s.tx, s.draft.storeId, line.productId, line.unitPrice, s.order.currency, units)).filter(
    (v) => !isLineVariant(v, line),
  );
  const v = offered.find((x) => x.sku === product.sku);
  if (!v)
    throw refuse("VARIANT_NOT_OFFERED", { field: f, variant: given, line: line.externalId, offered: offered.map((x) => x.sku).join(", ") });
  // For an order from the connected shop, Retour's inventory says nothing: the shop's stock is read by the picker and
  // checked when the draft is submitted (the return's creation, src/returns/create.ts), never inside this transaction.
  if (!v.inStock && !(await stockPlatform(s.tx, s.draft.storeId, s.order.provider)))
    throw refuse("VARIANT_OUT_OF_STOCK", { field: f, variant: given, units });
  return v.sku;
}

export function removeItem(ctx: RequestContext, ref: Ref, itemId: string) {
  return act(
    ctx,
    ref,
    STEPS.removeItem,
    async (s) => {
      const item = itemOf(s, itemId);
      await s.tx.draftReturnItem.delete({ where: { id: item.id } });
    },
    itemId,
  );
}

/** created → items_finalized, once every item carries what its reason asks for and is still returnable. */
export function finalizeItems(ctx: RequestContext, ref: Ref) {
  // The table's guard refuses a draft without items (lifecycle.ts); the state moves once every check passed.
  return act(ctx, ref, STEPS.finalizeItems, async ({ tx, draft, order }) => {
    const e = await evaluateDraft(tx, order, draft.items);
    const problems: FieldProblem[] = [];
    draft.items.forEach((it, i) => {
      const f = `items[${i}]`;
      const line = e.lines.find((l) => l.id === it.lineItemId)!;
      if (it.quantity > line.returnable)
        problems.push(problem("TOO_MANY_UNITS", { field: `${f}.quantity`, max: line.returnable, quantity: it.quantity, line: "" }));
      const reason = e.reasons.find((r) => r.code === it.reasonCode);
      if (e.reasons.length && !reason)
        problems.push(problem("NEED_REASON", { field: `${f}.reasonCode`, reasons: e.reasons.map((r) => r.code).join(", ") }));
      if (reason?.question && !it.answer) problems.push(problem("NEED_ANSWER", { field: `${f}.answer`, question: reason.question }));
      if (reason?.photoRequired && it.photos === "[]") problems.push(problem("NEED_PHOTO", { field: `${f}.photos`, reason: reason.code }));
      if (it.outcome === "exchange" && !it.exchangeSku) problems.push(problem("NEED_VARIANT", { field: `${f}.exchangeVariant` }));
    });
    if (problems.length) throw fail.problems(problems);
  });
}

/** What items without their own outcome get: refused when one of them is not offered it. */
export function setCreditType(ctx: RequestContext, ref: Ref, creditType: string) {
  return act(ctx, ref, STEPS.setCreditType, async ({ tx, draft, order }) => {
    const e = await evaluateDraft(tx, order, draft.items);
    draft.items.forEach((it, i) => {
      if (it.outcome) return;
      const offers = e.itemOffers[i]!.map((o) => o.outcome);
      if (!offers.includes(creditType)) throw refuse("CREDIT_NOT_OFFERED", { creditType, item: i + 1, offered: offers.join(", ") });
    });
    await tx.draftReturn.update({ where: { id: draft.id }, data: { creditType } });
  });
}
