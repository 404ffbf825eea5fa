// The return event's document, { return, order }: the JSON every `return` webhook event carries
// (payload.ts renders it from the rows), written once. Its keys are published: subscribers read them,
// and the merchant API answers the same document for a read (facades/rest/shapes.ts names it there,
// facades/rest/documents.ts derives the GraphQL selection that fetches it). So its key names are the
// published ones, not the core's (`orderItem.line_item_id`): renaming one would break every
// subscriber. Optional fields are absent when empty; only what the published reference marks
// nullable admits null.
import { Type as T, type TSchema } from "typebox";
import { component, nullable } from "../core/json-shape.js";
import { RETURN_STATUSES } from "./transitions.js";

const Obj = (properties: Record<string, TSchema>) => T.Object(properties, { additionalProperties: false });
const S = T.String();
const Opt = <X extends TSchema>(s: X) => T.Optional(s);
const OptS = T.Optional(T.String());
const Strings = T.Array(T.String());

export const Money = component("Money", Obj({ amount: T.String({ pattern: "^-?\\d+(\\.\\d+)?$" }), currency: S }));
const Wrapped = Obj({ amount: Money });
const Address = Obj({ line1: S, line2: S, city: S, state: S, postalCode: S, country: S });
const PersonName = Obj({ given: S, surname: S });
const Variant = Obj({ name: S, externalId: OptS, sku: OptS, weight: Opt(Obj({ kg: T.Number() })) });
const Product = Obj({ name: S, externalId: OptS });
const Shipment = Obj({
  carrier: OptS,
  status: OptS,
  tracker: OptS,
  trackingUrl: OptS,
  postageLabel: OptS,
  formLabel: OptS,
  shipmentGroupId: OptS,
  itemIds: Opt(Strings),
  externalLocationId: OptS,
  estimatedDeliveryDate: OptS,
  deliveredAt: OptS,
});

export const ReturnStatus = T.Unsafe<(typeof RETURN_STATUSES)[number]>({ type: "string", enum: [...RETURN_STATUSES] });
export const ReturnType = T.Unsafe<string>({ type: "string", enum: ["return", "claim", "warranty"] });

const ReturnItem = Obj({
  id: S,
  orderItem: Obj({ id: S, line_item_id: S }),
  quantity: T.Integer(),
  reason: S,
  reasonCode: OptS,
  customerComment: OptS,
  reasons: Strings,
  reasonCodes: Strings,
  exchangeItem: Opt(
    Obj({ product: Opt(Obj({ externalId: OptS, name: S })), quantity: T.Integer(), variant: Opt(Obj({ externalId: OptS, name: S })) }),
  ),
  grade: nullable(S),
  outcome: nullable(S),
  productAdjustment: OptS,
  greenReturn: T.Boolean(),
  processingImages: Strings,
  customerImages: Strings,
  shipmentGroupIds: Strings,
  externalReturnLineItemId: OptS,
  productId: OptS,
  variantId: OptS,
  sku: OptS,
  upc: nullable(S),
  status: S,
  multipleChoiceQuestions: T.Array(Obj({ question: S, answer: S })),
  assessments: T.Array(
    Obj({ assignedUser: Obj({ id: S, name: S, firstName: S, lastName: S, email: S }), responses: T.Array(Obj({ type: S, value: S })) }),
  ),
  refund: Obj({ amount: Money, type: S }),
  productValueNoTaxNoAdjustment: Wrapped,
});

export const ReturnDocument = component(
  "Return",
  Obj({
    id: S,
    type: ReturnType,
    status: ReturnStatus,
    createdAt: T.String({ format: "date-time" }),
    updatedAt: T.String({ format: "date-time" }),
    order: Obj({ id: S, name: S }),
    items: T.Array(ReturnItem),
    // The reference requires all four, non-null: a source without one carries it empty (json-shape.ts emptyOf).
    source: Obj({ emailAddress: S, mailingAddress: Address, name: PersonName, phoneNumber: S }),
    destination: Obj({ mailingAddress: Opt(Address), phoneNumber: OptS }),
    protection: Obj({
      covered: T.Boolean(),
      finalSaleCoverage: T.Boolean(),
      packageProtection: T.Boolean(),
      returnsCoverage: T.Boolean(),
      labelPayer: nullable(S),
      labelPayerReason: nullable(S),
    }),
    compensationMethods: Strings,
    completeWithNoAction: T.Boolean(),
    giftCards: T.Array(Obj({ amount: Money, code: S, externalId: S })),
    exchange: Opt(
      Obj({
        items: T.Array(
          Obj({
            id: S,
            quantity: T.Integer(),
            variant: Variant,
            originalPrice: Opt(Money),
            price: Opt(Obj({ amount: S, currency: S, tax: OptS })),
            product: Opt(Product),
          }),
        ),
        provision: S,
        itemCount: T.Integer(),
        order: Opt(Obj({ externalId: OptS })),
        totalTax: Opt(Money),
      }),
    ),
    externalOrderIds: Strings,
    externalReturnIds: T.Array(Obj({ provider: S, value: S })),
    platformOrderIds: Strings,
    internalCreatedByName: OptS,
    notes: T.Array(Obj({ message: S, image: OptS })),
    shipment: Opt(Shipment),
    shipments: T.Array(Shipment),
    dropoffs: T.Array(Obj({ shipmentGroupId: S, provider: S, qrCode: OptS, qrCodeUrl: OptS })),
    tags: T.Array(Obj({ name: S, source: S })),
    totals: Obj({ charge: Wrapped, exchange: Wrapped, refund: Wrapped, storeCredit: Wrapped, shippingFee: Wrapped }),
  }),
);

export const OrderDocument = component(
  "Order",
  Obj({
    id: S,
    name: S,
    externalId: OptS,
    customer: Obj({ name: PersonName, emailAddress: OptS, phoneNumber: OptS }),
    items: T.Array(
      Obj({
        id: S,
        externalId: OptS,
        fulfillmentLocationId: nullable(S),
        price: Money,
        product: Product,
        quantity: T.Integer(),
        variant: Variant,
      }),
    ),
    discounts: Money,
    lineItemsTotal: Money,
    shippingCost: Money,
    taxes: Money,
    total: Money,
    protection: Obj({ covered: T.Boolean(), finalSaleCoverage: T.Boolean(), packageProtection: T.Boolean(), returnsCoverage: T.Boolean() }),
  }),
);
