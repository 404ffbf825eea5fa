// The bounds every door shares: how many entries a stored list may hold and how long a text may be.
// Writes are refused past them (400 naming the field and the bound), the GraphQL cost limit counts
// an unpaged list at its bound, and the OpenAPI documents state them (maxItems / maxLength).
// One place, so the write guard, the cost model and the documents cannot disagree.

/** Entries a stored list may hold. */
export const LIST_BOUNDS = {
  /** Line items of one order (orders API, custom order sync, checkout). */
  orderLineItems: 500,
  /** Items of one return: at most one per order line item. */
  returnItems: 500,
  /** Fulfillments of one order, and line items of one fulfillment. */
  orderFulfillments: 100,
  fulfillmentLineItems: 500,
  /** Tracking events of one fulfillment. */
  trackingEvents: 250,
  /** Returns of one order (each takes at least one unit; more is an integration running away). */
  orderReturns: 100,
  /** Comments on one return. */
  returnComments: 200,
  /** Timeline entries of one return (actions and comments; entries beyond it are refused with the action). */
  returnTimeline: 1_000,
  /** Tags on one order. */
  orderTags: 250,
  /** Items of one inbound shipment. */
  inboundItems: 1_000,
  /** Images of one product family or variant. */
  productImages: 20,
  /** Webhooks of one store (each event fans out to every one of them). */
  storeWebhooks: 50,
} as const;

/** How far back and how much one webhook replay may re-send. */
export const REPLAY_BOUNDS = {
  /** `start` no older than this many days. */
  windowDays: 30,
  /** Deliveries one replay call queues at most; the answer's `nextStart` continues from there. */
  deliveries: 500,
} as const;

/** Characters a text may hold. */
export const TEXT_BOUNDS = {
  /** Ids chosen by the client (external order, line-item, fulfillment ids). */
  id: 255,
  /** Names, titles, SKUs, tags, codes, emails: one line of text. */
  short: 255,
  /** URLs (callbacks, images, tracking). */
  url: 2_048,
  /** A return reason, a customer comment, notes. */
  note: 2_000,
  /** A comment's message. */
  comment: 5_000,
  /** A base64 image (a comment's image): about 1 MB decoded. */
  imageBase64: 1_400_000,
} as const;
