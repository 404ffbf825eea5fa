// The bound of every list the schema can answer, in one table keyed by `Type.field`: the GraphQL
// cost limit counts a list at its bound, and a capped list's resolver never returns more. Checked
// when the schema is built, so a new list field (or paged field) without a bound fails at start-up.
import { defaultFieldResolver, getNamedType, getNullableType, isEnumType, isListType, isObjectType, type GraphQLSchema } from "graphql";
import { LIST_BOUNDS as L, PAGE_SIZES } from "./bounds.js";

/**
 * - a number: the list holds at most that many entries (0: always empty, kept for the merchant API's shape);
 * - `page`: a list inside a page (a connection's `nodes`/`edges`), bounded by the enclosing paged field;
 * - `{ paged }`: a field paged by `first` (or `pageSize` / `unpaged`); its page lists hold at most this many.
 */
export type ListBound = number | "page" | { paged: { default: number; max: number; unpaged?: number } };

/** The statuses of src/returns/transitions.ts (a unit test holds the two equal; the core imports no domain). */
export const RETURN_STATUS_COUNT = 10;

const page = "page" as const;
const paged = (sizes: { default: number; max: number; unpaged?: number }): ListBound => ({ paged: sizes });

export const LIST_FIELD_BOUNDS: Record<string, ListBound> = {
  // Paged fields and the lists of their pages.
  "Query.orders": paged(PAGE_SIZES.standard),
  "Query.returns": paged(PAGE_SIZES.standard),
  "Query.checkoutExperiences": paged(PAGE_SIZES.standard),
  "Query.inboundShipments": paged(PAGE_SIZES.standard),
  "Query.productFamilies": paged(PAGE_SIZES.standard),
  "Query.webhookDeliveries": paged(PAGE_SIZES.webhookDeliveries),
  "Webhook.deliveries": paged(PAGE_SIZES.webhookDeliveries),
  "Invoice.items": paged(PAGE_SIZES.invoiceItems),
  "Invoice.itemsCsv": paged(PAGE_SIZES.invoiceItems),
  "Query.returnsCsv": paged(PAGE_SIZES.returnsCsv),
  "Query.warehouseReturns": paged(PAGE_SIZES.warehouseReturns),
  "Query.inventoryItems": paged(PAGE_SIZES.standard),
  "Query.inventoryLevels": paged(PAGE_SIZES.standard),
  "Customer.returns": paged(PAGE_SIZES.standard),
  "Customer.orders": paged(PAGE_SIZES.standard),
  "Query.draftReturns": paged(PAGE_SIZES.standard),
  "DraftReturnConnection.edges": page,
  "DraftReturnConnection.nodes": page,
  // A draft holds at most one item per order line; its order's lines, the policy's reasons, the outcomes.
  "DraftReturn.items": L.orderLineItems,
  "DraftReturn.lines": L.orderLineItems,
  "DraftReturn.reasons": L.policyRules,
  "DraftReturn.allowedActions": 10,
  "DraftReturnReason.outcomes": 4,
  "DraftReturnLine.outcomes": 4,
  "DraftReturnLine.exchangeVariants": L.productVariants,
  "DraftReturnItem.photos": L.draftPhotos,
  "DraftReturnItem.offers": 4,
  "Customer.giftCards": paged(PAGE_SIZES.standard),
  "GiftCardAccount.history": paged(PAGE_SIZES.standard),
  "Customer.storeCredit": 20, // CREDIT_CURRENCIES (src/customers/credit.ts)
  "Query.customers": paged(PAGE_SIZES.standard),
  "InventoryItemConnection.edges": page,
  "InventoryItemConnection.nodes": page,
  "InventoryLevelConnection.edges": page,
  "InventoryLevelConnection.nodes": page,
  "CustomerReturnConnection.nodes": page,
  "CustomerOrderConnection.nodes": page,
  "CustomerConnection.nodes": page,
  "OrderConnection.edges": page,
  "OrderConnection.nodes": page,
  "ReturnConnection.edges": page,
  "ReturnConnection.nodes": page,
  "ReturnConnection.orders": page,
  "CheckoutExperienceConnection.edges": page,
  "CheckoutExperienceConnection.nodes": page,
  "InboundShipmentConnection.edges": page,
  "InboundShipmentConnection.nodes": page,
  "ProductFamilyConnection.edges": page,
  "ProductFamilyConnection.nodes": page,
  "WebhookDeliveryConnection.edges": page,
  "WebhookDeliveryConnection.nodes": page,
  "InvoiceItemConnection.nodes": page,
  "WarehouseReturnPage.returns": page,
  "WarehouseReturnPage.states": 5,

  // Store-wide lists.
  "Query.apiClients": L.storeApiClients,
  "Query.locations": L.storeLocations,
  "Query.webhooks": L.storeWebhooks,
  "Query.warehouseWebhooks": L.storeWebhooks,
  // The platform's topics Retour sends (2 today) and each one's triggers (3 at most today).
  "Query.warehouseWebhookTopics": 10,
  "WarehouseWebhookTopic.triggers": 10,
  "Query.invoices": L.storeInvoices,
  "Query.emailOutbox": L.storeEmails,
  "ShopConnection.syncErrors": L.shopSyncErrors,
  "Query.shopPlatforms": 10, // the connectors of src/shops/platforms.ts
  "PortalSettings.languages": L.portalLanguages,
  "PortalSettings.returnMethods": L.returnMethods,
  "PublicPortal.languages": L.portalLanguages,
  "PublicPortal.returnMethods": L.returnMethods,
  "PortalAddress.lines": 8, // name, organisation, two street lines, town and the like, by the country's format
  "ReturnStatusPage.timeline": 8, // one per ReturnStatusStepKind
  "ReturnStatusPage.items": L.returnItems,
  "Query.checkoutTree": L.checkoutRules,
  "Mutation.setCheckoutTree": L.checkoutRules,
  "CheckoutAbTestList.abTests": L.storeAbTests,
  "Query.warehouseAsn": paged(PAGE_SIZES.warehouseAsn),
  "WarehouseAsnPage.returns": page,
  // Every (status, action) pair of the lifecycle table: 10 statuses × 9 actions.
  "Query.returnTransitions": 90,
  // Every status (10; a new one raises this with it).
  "Query.returnStatuses": 10,
  "Mutation.bulkReturnAction": L.bulkReturns,
  "ReturnImportResult.results": L.importedReturns,
  "ReturnConnection.statusCounts": RETURN_STATUS_COUNT,
  "ReturnsOverview.byDay": L.overviewDays,
  "ReturnsOverview.byStatus": RETURN_STATUS_COUNT,
  "ReturnsOverview.byReason": L.overviewReasons,
  "ReturnsOverview.values": L.overviewCurrencies,
  "ReturnsOverview.topProducts": L.overviewProducts,
  "ReturnsOverview.times": 2, // the stages: arrival, refund
  "ReturnsOverviewRates.byProduct": L.overviewRates,
  "ReturnsOverviewRates.byVariant": L.overviewRates,
  "ReturnsOverviewRates.byReason": L.overviewReasons,
  "ReturnsOverviewOutcomes.points": L.overviewOutcomePoints,

  // Customers and inventory.
  "Customer.phoneNumbers": L.customerPhoneNumbers,
  "Customer.customFields": L.customerCustomFields,
  "InventoryItem.locations": L.itemLocations,
  "InventoryItem.movements": L.levelMovements,
  "InventoryLevel.movements": L.levelMovements,

  // Identity.
  "ApiClientViewer.scopes": L.scopes,
  "ApiClient.scopes": L.scopes,
  "StaffViewer.stores": L.staffStores,

  // Checkout.
  "CheckoutExperience.shippingMethods": L.shippingMethods,
  "CheckoutRoutingRule.countries": L.ruleCountries,
  "CheckoutAbTest.treatments": L.abTreatments,

  // Orders and fulfillments.
  "Order.items": L.orderLineItems,
  "Order.lineItems": L.orderLineItems,
  "Order.tags": L.orderTags,
  "Order.fulfillments": L.orderFulfillments,
  "Order.returns": L.orderReturns,
  "Fulfillment.lineItems": L.fulfillmentLineItems,
  "Fulfillment.trackingHistory": L.trackingEvents,

  // Returns. The merchant API's lists this service never fills are always empty (0) or hold one entry.
  "Return.items": L.returnItems,
  "Return.timeline": L.returnTimeline,
  "Return.comments": L.returnComments,
  "Return.compensationMethods": 4, // refund, store_credit, exchange, keep_item
  "Return.allowedActions": 10,
  "Return.externalOrderIds": 1,
  "Return.platformOrderIds": 1,
  "Return.notes": 1,
  "Return.shipments": 1,
  "Return.giftCards": L.returnItems, // one per store-credit item
  "Return.ledger": 2 * L.returnItems + 1, // per item a refund, or a credit and its bonus; the return's fee
  "ReturnLedgerEntry.attemptLog": 10, // ATTEMPTS_KEPT (src/returns/ledger.ts)
  "Return.externalReturnIds": 1,
  "Return.dropoffs": 0,
  "Return.tags": L.returnTags,
  "Query.returnTags": L.storeReturnTags,
  "ReturnShipment.itemIds": 0,
  "ReturnExchange.items": L.returnItems, // one per exchange item
  "ReturnItem.reasons": 1,
  "ReturnItem.reasonCodes": 1,
  "ReturnItem.processingImages": 0,
  "ReturnItem.customerImages": L.draftPhotos,
  "ReturnItem.shipmentGroupIds": 0,
  "ReturnItem.multipleChoiceQuestions": 0,
  "ReturnItem.assessments": 0,
  "Assessment.responses": 0,
  "CreateReturnPayload.externalRMAResponses": 0,

  // Inbound shipments, products, webhooks.
  "InboundShipment.items": L.inboundItems,
  "InboundShipment.purchaseOrders": L.inboundReferences,
  "InboundShipment.transferOrders": L.inboundReferences,
  "InboundShipment.files": L.inboundFiles,
  "ProductFamily.tags": L.productTags,
  "ProductFamily.products": L.productVariants,
  "Product.optionValues": L.productOptions,
  "ProductFamily.images": L.productImages,
  "Product.images": L.productImages,
  "ProductBulkUploadResult.results": L.productFamilies,
  "ProductFamilyUploadResult.products": L.productVariants,
  "ProductUploadResult.outcomes": L.productFamilies,
  "ProductUploadOutcome.products": L.productVariants,
  "WebhookDelivery.attempts": L.deliveryAttempts,
  // Return policy (src/policy): rules of one kind, values one rule names, outcomes by enum.
  "ReturnPolicy.versions": L.policyVersions,
  ...Object.fromEntries(
    ["windowRules", "extensions", "restockingFees", "reasons", "reviewRules"].map((f) => [`PolicyRules.${f}`, L.policyRules]),
  ),
  ...Object.fromEntries(
    [
      "PolicyWindowRule.tags",
      "PolicyWindowRule.skus",
      "PolicyWindowRule.productTypes",
      "PolicyExclusions.tags",
      "PolicyExclusions.skus",
      "PolicyExclusions.productTypes",
      "PolicyExclusions.vendors",
      "PolicyRestockingFee.tags",
      "PolicyReviewRule.reasonCodes",
      "PolicyReviewRule.orderTags",
    ].map((f) => [f, L.policyValues]),
  ),
  "PolicyReturnFee.waivedFor": 4,
  "PolicyBonus.on": 4,
  // The most params a decision code carries (REVIEW_RULE: its message and everything a rule can match on).
  "PolicyDecision.params": 10,
  // The most params a refusal code carries (RETURN_EXCHANGE_PRICE has 6); the resolver gives no more.
  "Refusal.params": 10,
  // The most params a shop finding carries (SHOP_NOT_GRAPHQL: url, status, contentType, answer, platform).
  "ShopFinding.params": 5,
  "PolicyReason.outcomes": 4,
  "ReturnEligibility.lines": L.orderLineItems,
  "ReturnEligibility.decisions": L.policyDecisions,
  "ReturnEligibility.summary": 4,
  "LineEligibility.outcomes": 4,
  "LineEligibility.decisions": L.policyDecisions,
  "OutcomeOffer.fees": 2,
  "Query.returnPolicySimulation": paged(PAGE_SIZES.standard),
  "PolicySimulationPage.affected": page,
  "PolicySimulationPage.money": page,
  "PolicySimulationRun.affected": L.simulationAffected,
  "PolicySimulationRun.money": L.overviewCurrencies,
  "PolicySimulatedDecision.decisions": L.policyDecisions,
};

const PAGE_ARGS = new Set(["first", "last", "pageSize", "unpaged"]);

/** Every list field and every paged field of the schema has a bound, and every bound names a field. */
export function listBoundProblems(schema: GraphQLSchema, bounds: Record<string, ListBound> = LIST_FIELD_BOUNDS): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const key = `${type.name}.${field.name}`;
      const bound = bounds[key];
      if (bound !== undefined) seen.add(key);
      const isPaged = field.args.some((a) => PAGE_ARGS.has(a.name));
      if (isPaged && (typeof bound !== "object" || !bound))
        problems.push(`${key} takes a page size: bound it with { paged } in src/core/list-bounds.ts`);
      else if (!isPaged && isListType(getNullableType(field.type)) && (bound === undefined || typeof bound === "object")) {
        problems.push(
          `${key} is a list without a bound: add it to LIST_FIELD_BOUNDS in src/core/list-bounds.ts (a number from src/core/bounds.ts, or "page")`,
        );
      }
      // A list of distinct enum values must not be cut short when the enum grows.
      const named = getNamedType(field.type);
      if (typeof bound === "number" && isEnumType(named) && bound < named.getValues().length)
        problems.push(`${key} is bounded at ${bound} but enum ${named.name} has ${named.getValues().length} values`);
    }
  }
  for (const key of Object.keys(bounds))
    if (!seen.has(key)) problems.push(`${key} is bounded in src/core/list-bounds.ts but is not a field of the schema`);
  return problems;
}

/**
 * Checks the table against the schema (throws listing every problem) and caps each bounded list's
 * resolver at its bound, so no answer holds more than the cost limit counted.
 */
export function applyListBounds(schema: GraphQLSchema): GraphQLSchema {
  const problems = listBoundProblems(schema);
  if (problems.length) throw new Error(`List bounds:\n- ${problems.join("\n- ")}`);
  for (const [key, bound] of Object.entries(LIST_FIELD_BOUNDS)) {
    if (typeof bound !== "number") continue;
    const [typeName, fieldName] = key.split(".");
    const field = (schema.getType(typeName) as { getFields(): Record<string, { resolve?: typeof defaultFieldResolver }> }).getFields()[
      fieldName
    ];
    const resolve = field.resolve ?? defaultFieldResolver;
    const cap = (list: unknown) => (Array.isArray(list) && list.length > bound ? list.slice(0, bound) : list);
    // A resolver that answers at once stays synchronous: a promise per list costs GraphQL a deferred completion.
    field.resolve = (source, args, ctx, info) => {
      const list = resolve(source, args, ctx, info);
      // Any thenable (a Prisma query is one, not a Promise): capped when it settles.
      return typeof (list as PromiseLike<unknown> | null)?.then === "function" ? Promise.resolve(list).then(cap) : cap(list);
    };
  }
  return schema;
}

/** The bound of `Type.field`, for the cost limit (undefined for fields that are not lists). */
export function listBoundOf(typeName: string, fieldName: string): ListBound | undefined {
  return LIST_FIELD_BOUNDS[`${typeName}.${fieldName}`];
}
