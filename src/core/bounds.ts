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
  /** Order discounts and shipping lines of one order (summed into the order's totals). */
  orderCharges: 100,
  /** Discounts and tax lines of one line item or shipping line, properties of one line item. */
  lineCharges: 100,
  lineProperties: 100,
  /** Tags on one order. */
  orderTags: 250,
  /** Rules of one kind in a return policy (window rules, fees, reasons, review rules…), and values one rule names. */
  policyRules: 100,
  policyValues: 250,
  /** Published versions of one store's policy listed at once (newest first), decisions on one line or return. */
  policyVersions: 1_000,
  policyDecisions: 250,
  /** Items of one inbound shipment. */
  inboundItems: 1_000,
  /** Images of one product family or variant. */
  productImages: 20,
  /** Product families in one bulk upload, variants of one family (the bulk upload's documented limits). */
  productFamilies: 1_000,
  productVariants: 100,
  /** Options of one family (and option values of one variant), values of one option, barcodes of one variant. */
  productOptions: 10,
  optionValues: 100,
  variantBarcodes: 20,
  /** Tags on one product family. */
  productTags: 250,
  /** Purchase and transfer orders named by one inbound shipment, files attached to it. */
  inboundReferences: 100,
  inboundFiles: 50,
  /** Rules of one checkout tree (the dashboard's documented limit), countries of one rule (every ISO 3166 code fits). */
  checkoutRules: 200,
  ruleCountries: 250,
  /** Shipping methods of one checkout experience, treatments of one A/B test. */
  shippingMethods: 50,
  abTreatments: 10,
  /** Scopes granted to one API client (each scope at most once; room for new scopes). */
  scopes: 50,
  /** Custom fields and phone numbers of one customer (an upsert past them is refused). */
  customerCustomFields: 100,
  customerPhoneNumbers: 20,
  /** Return tags of one store's catalogue (creating more is refused), tags carried by one return. */
  storeReturnTags: 200,
  returnTags: 50,
  /** Webhooks of one store (each event fans out to every one of them; creating more is refused). */
  storeWebhooks: 50,
  // Read-side caps of lists no write guard bounds yet: a resolver never returns more, and the
  // GraphQL cost limit counts the list at this size (src/core/list-bounds.ts).
  /** Locations of one store (creating more is refused; the list shows them all). */
  storeLocations: 200,
  /** Active (unrevoked) API clients of one store: creating more is refused; the list shows them first. */
  storeApiClients: 200,
  /** Checkout A/B tests and invoices listed for one store. */
  /** Locations of one inventory item, movements shown for one level (newest first). */
  itemLocations: 200,
  levelMovements: 100,
  storeAbTests: 200,
  /** Newest first: ten years of monthly invoices. */
  storeInvoices: 120,
  /** Shopper emails listed for one store (newest first). */
  storeEmails: 200,
  /** The shop orders that could not be brought in, shown on the shop connection (the newest). */
  shopSyncErrors: 100,
  /** Languages one portal speaks (English and one more; room for more catalogues), ways to send items back it offers. */
  portalLanguages: 10,
  returnMethods: 3,
  /** Stores one staff user belongs to. */
  staffStores: 100,
  /** Attempts listed for one webhook delivery (retries of a finished delivery add more). */
  deliveryAttempts: 50,
  /** Returns one bulk action takes at once. */
  bulkReturns: 100,
  /** Returns imported in one call (POST /returns/bulk, the reference's limit) and products of one imported return. */
  importedReturns: 100,
  importedReturnProducts: 500,
  /** The returns overview: days of one period, reasons and products ranked, currencies summed. */
  overviewDays: 366,
  overviewReasons: 10,
  overviewProducts: 5,
  /** Products, variants and reasons ranked with their return rates. */
  overviewRates: 10,
  /** Outcomes over time: 62 days (or 53 weeks) × 4 outcomes × 5 currencies; a store in more currencies sees the first. */
  overviewOutcomePoints: 62 * 4 * 5,
  /** Photos of one draft return item. */
  draftPhotos: 10,
  /** Open (created or items_finalized) draft returns of one order: opening more is refused until one closes. */
  orderOpenDrafts: 20,
  overviewCurrencies: 200,
  /** The returns a policy simulation run keeps of those its draft decides otherwise (AFFECTED_KEPT in src/policy/simulation-jobs.ts). */
  simulationAffected: 1_000,
} as const;

/**
 * Units one order line (and one fulfillment line) may hold: the merchant API's documented 1..1000,
 * the same through every door (GraphQL, custom order sync, Orders API, fulfillments).
 */
export const QUANTITY_BOUNDS = { lineItem: 1_000 } as const;

/** How far back and how much one webhook replay may re-send. */
export const REPLAY_BOUNDS = {
  /** `start` no older than this many days: the default of RETENTION_EVENTS_DAYS (src/config.ts), how long events are kept. */
  windowDays: 30,
  /** Deliveries one replay call queues at most; the answer's `nextStart` continues from there. */
  deliveries: 500,
} as const;

/** Page sizes of the paged lists: used when `first` (or `pageSize`) is omitted, and the most one page holds. */
export const PAGE_SIZES = {
  /** Orders, returns, checkout experiences, inbound shipments, product families. */
  standard: { default: 20, max: 500 },
  webhookDeliveries: { default: 50, max: 500 },
  invoiceItems: { default: 100, max: 1_000 },
  /** The dashboard's returns CSV export, a page at a time. */
  returnsCsv: { default: 500, max: 500 },
  /** The warehouse platform's list, paged; its list without paginate is the door walking pages, up to `unpaged` returns. */
  warehouseReturns: { default: 100, max: 750, unpaged: 10_000 },
  /** The warehouse platform's ASN report, paged; the door walks the pages of one window up to `whole` returns (the platform does not page it). */
  warehouseAsn: { default: 750, max: 750, whole: 5_000 },
} as const;

/**
 * The range of every number a client sends, by meaning: schema.graphql marks each Int and Float input
 * @range(bound: "<name>") and input-bounds.ts refuses a value outside it before any resolver runs, so
 * every door has the same bound for the same meaning (a unit test fails on a number input without one).
 * The ranges also keep sums inside a GraphQL Int: 500 lines × 1 000 units, 1 000 inbound items × 100 000.
 */
export const NUMBER_BOUNDS = {
  /** Units of an order line, a fulfillment line, a return item and an imported return's product alike. */
  quantity: { min: 1, max: QUANTITY_BOUNDS.lineItem, integer: true },
  /** Units of one inbound shipment item, and units recorded against it by one receipt. */
  inboundQuantity: { min: 1, max: 100_000, integer: true },
  inboundCount: { min: 0, max: 100_000, integer: true },
  /**
   * A page size (`first`, `last`, `pageSize`): the paging code checks it against the list's own
   * maximum (PAGE_SIZES) together with the request's other problems, so it is left to it here.
   */
  pageSize: { min: 1, max: PAGE_SIZES.warehouseReturns.unpaged, integer: true, checkedByPaging: true },
  /**
   * A numeric id looked up (the warehouse door's webhook and return ids): any Int, since it is only
   * compared, never stored or summed; one that names nothing is not found (the doors send -1 for it).
   */
  numericId: { min: -2_147_483_648, max: 2_147_483_647, integer: true },
  /** Days of a return window, an extension or a look-back (about ten years). */
  policyDays: { min: 0, max: 3650, integer: true },
  /** A count a policy compares with (a customer's earlier returns). */
  policyCount: { min: 0, max: 100_000, integer: true },
  /** Transit days of a shipping method. */
  days: { min: 0, max: 365, integer: true },
  /** The relative weight of an A/B treatment. */
  weight: { min: 0, max: 1_000_000, integer: false },
  /** A physical measure: a weight, a length, a volume (in the unit the field names). */
  measure: { min: 0, max: 1_000_000, integer: false },
  /** A price in minor units (2999 = 29.99). */
  priceMinor: { min: 0, max: 100_000_000, integer: true },
  latitude: { min: -90, max: 90, integer: false },
  longitude: { min: -180, max: 180, integer: false },
  /** A custom field's number (exact in a double). */
  customNumber: { min: -1e15, max: 1e15, integer: false },
} as const;

/** Characters (Unicode code points) a text may hold. Inputs typed ID are bounded by `id`. */
export const TEXT_BOUNDS = {
  /** Ids chosen by the client (external order, line-item, fulfillment ids). */
  id: 255,
  /** Names, titles, SKUs, tags, codes, emails: one line of text. */
  short: 255,
  /** A name shown to people that the merchant types (tags, locations, labels): as `short`, and NFC without invisible characters (src/core/display-text.ts). */
  name: 255,
  /** URLs the service calls (webhook callbacks: their own SSRF rules, src/webhooks/ssrf.ts). */
  url: 2_048,
  /** URLs shown to people or rendered as links (tracking, labels, images, files): as `url`, and absolute http(s) only (src/core/display-text.ts). */
  link: 2_048,
  /** A return reason, a customer comment, notes. */
  note: 2_000,
  /** A comment's message. */
  comment: 5_000,
  /** Product and line-item titles (marketplace titles run long). */
  title: 1_000,
  /** A product's description. */
  description: 5_000,
  /** A paging cursor we issued (signed; far shorter in practice). */
  cursor: 2_048,
  /** A subscriber's bearer token (JWTs run long). */
  token: 2_048,
  /** A base64 image (a comment's image): about 1 MB decoded. */
  imageBase64: 1_400_000,
} as const;

/**
 * Bytes a request body may hold, per door (413 past it). The facades forward a body to /graphql when
 * deployed apart, so REST may not exceed GraphQL; 2 MB holds a comment image (1.4 MB of base64) or a
 * bulk upload of 1 000 families of a few variants. Compat bodies are a note or a list of item ids.
 */
export const BODY_BOUNDS = {
  graphql: 2 * 1024 * 1024,
  rest: 2 * 1024 * 1024,
  compat: 256 * 1024,
} as const;

/** "2 MB", "256 KB": a body bound as the documents and errors state it. */
export function bytesText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/** How a refusal states a list past its bound, the same on every door (after the field's name). */
export function pastListBound(count: number, max: number): string {
  return `holds ${count} entries; at most ${max} are allowed (maxItems)`;
}

export type ListBound = keyof typeof LIST_BOUNDS;
export type TextBound = keyof typeof TEXT_BOUNDS;
export type NumberBound = keyof typeof NUMBER_BOUNDS;
