// The canonical JSON of a return and its order (the merchant API's Return and order-read shapes),
// as GraphQL selection sets. The REST facade selects exactly these, and webhook payloads are rendered
// with `renderReturnPayload`, so a REST read and an event carry the same JSON.
import { execute, parse } from "graphql";
import { systemContext, type Services } from "../core/context.js";

const MONEY = `amount currency`;
const WRAPPED = `amount { ${MONEY} }`;
const ADDRESS = `line1 line2 city state postalCode country`;
const VARIANT = `name externalId sku weight { kg }`;
const SHIPMENT = `carrier status tracker trackingUrl postageLabel formLabel shipmentGroupId itemIds externalLocationId estimatedDeliveryDate deliveredAt`;

/** Every field of the merchant API's Return, in its order. */
export const RETURN_FIELDS = `
  id type status createdAt updatedAt
  order { id name }
  items {
    id orderItem { id line_item_id } quantity reason reasonCode customerComment reasons reasonCodes
    exchangeItem { product { externalId name } quantity variant { externalId name } }
    grade outcome productAdjustment greenReturn processingImages customerImages shipmentGroupIds
    externalReturnLineItemId productId variantId sku upc status
    multipleChoiceQuestions { question answer }
    assessments { assignedUser { id name firstName lastName email } responses { type value } }
    refund { amount { ${MONEY} } type }
    productValueNoTaxNoAdjustment { ${WRAPPED} }
  }
  source { emailAddress mailingAddress { ${ADDRESS} } name { given surname } phoneNumber }
  destination { mailingAddress { ${ADDRESS} } phoneNumber }
  protection { covered finalSaleCoverage packageProtection returnsCoverage labelPayer labelPayerReason }
  compensationMethods completeWithNoAction
  giftCards { amount { ${MONEY} } code externalId }
  exchange {
    items { id quantity variant { ${VARIANT} } originalPrice { ${MONEY} } price { amount currency tax } product { name externalId } }
    provision itemCount order { externalId } totalTax { ${MONEY} }
  }
  externalOrderIds externalReturnIds { provider value } platformOrderIds internalCreatedByName
  notes { message image }
  shipment { ${SHIPMENT} }
  shipments { ${SHIPMENT} }
  dropoffs { shipmentGroupId provider qrCode qrCodeUrl }
  tags { name source }
  totals { charge { ${WRAPPED} } exchange { ${WRAPPED} } refund { ${WRAPPED} } storeCredit { ${WRAPPED} } shippingFee { ${WRAPPED} } }
`;

/** Every field of the merchant API's order-read (bare Money). */
export const ORDER_FIELDS = `
  id name externalId
  customer { name { given surname } emailAddress phoneNumber }
  items { id externalId fulfillmentLocationId price { ${MONEY} } product { name externalId } quantity variant { ${VARIANT} } }
  discounts { ${MONEY} } lineItemsTotal { ${MONEY} } shippingCost { ${MONEY} } taxes { ${MONEY} } total { ${MONEY} }
  protection { covered finalSaleCoverage packageProtection returnsCoverage }
`;

/** One return with its order: `data.return` is the Return JSON, `data.return.fullOrder` the order. */
export const RETURN_WITH_ORDER = `query ReturnWithOrder($id: ID!) {
  return(id: $id) { ${RETURN_FIELDS} fullOrder { ${ORDER_FIELDS} } }
}`;

const returnWithOrder = parse(RETURN_WITH_ORDER);

/** Splits `fullOrder` off a selected return: `{ return, order }` as REST and events show them. */
export function splitReturn(selected: Record<string, unknown>): { return: unknown; order: unknown } {
  const { fullOrder, ...ret } = selected;
  return { return: ret, order: fullOrder };
}

/** Renders `{ return, order }` for a return of a store, in-process, as the system. */
export async function renderReturnPayload(services: Services, storeId: string, returnId: string): Promise<{ return: unknown; order: unknown }> {
  // The core's own schema (set by createCore): the same resolvers, bounds and access rules as a REST read.
  if (!services.schema) throw new Error("rendering a return needs the core's schema (services.schema is set by createCore)");
  const result = await execute({ schema: services.schema, document: returnWithOrder, variableValues: { id: returnId }, contextValue: systemContext(services, storeId, "render") });
  if (result.errors?.length) throw result.errors[0];
  const selected = (result.data as { return: Record<string, unknown> | null } | null)?.return;
  if (!selected) throw new Error(`return ${returnId} not found in store ${storeId}`);
  return splitReturn(selected);
}
