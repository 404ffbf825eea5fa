// One vocabulary in the core (issue 35, item 1): `src/` and `schema.graphql` name no door. No REST or
// compat path, no REST header, no error code of the warehouse platform (a refusal names the fix by the core's own operation and argument,
// and each door words its code in its own words: facades/rest/refusal-words.ts), and no door's field name, except
// where the ALLOWED table says why:
// a stored or published value, or a GraphQL field whose renaming would break its clients. An entry
// that no longer matches anything fails too, so the table shrinks as the names leave.
// (core-dialect.test.ts checks more of the REST door's body and header names.)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { restRefusalWords } from "../../facades/rest/refusal-words.js";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The doors' paths: the merchant API's version prefix and the warehouse platform's. */
const DOOR_PATHS: Record<string, RegExp> = { "/v2.2": /\/v2\.2\b/, "/api/v1": /\/api\/v1\b/ };

/** The REST door's headers (the core's argument is `idempotencyKey`, its replay `replayed`). */
const DOOR_HEADERS: Record<string, RegExp> = { "Idempotency-Key": /Idempotency-Key/, "Idempotent-Replayed": /Idempotent-Replayed/ };

/** The doors' field names (snake_case, as the merchant API and the warehouse platform spell them). */
const DOOR_FIELDS = [
  // The merchant API: a return item's order line, the product upload's file format and its result.
  "line_item_id",
  "product_family_id",
  "external_id",
  "product_type",
  "alt_text",
  "weight_unit",
  "dimension_unit",
  "hs_code",
  "origin_country",
  "option_values",
  "total_count",
  "processed_count",
  "error_count",
  // The warehouse platform's return object.
  "provider_order_name",
  "provider_order_number",
  "provider_order_id",
  "provider_line_item_id",
  "status_page_url",
  "return_total",
  // The Draft Returns API's line that cannot be returned (the core answers DraftReturnLine.refusalCode).
  "ineligibility_code",
];

const UPLOAD_FIELDS = DOOR_FIELDS.slice(1, 13);

/**
 * The warehouse platform's error codes (its Draft Returns and warehouse APIs: facades/compat), which the door
 * maps the core's problem types to; the core names its refusals by its own codes and types (drafts/closed, …).
 */
const DOOR_CODES = [
  "terminal-state",
  "action-validation-failed",
  "item-not-eligible",
  "product-variant-unavailable",
  "returns-unavailable-for-order",
  "order-lookup-failed",
  "validation-failed",
  "NOT_AUTHORIZED",
  "UNEXPECTED_ERROR",
  // Its ineligibility codes: the core says why a line cannot be returned by its decision codes (FINAL_SALE,
  // WINDOW_ENDED, …), which the door spells (facades/compat/drafts/eligibility.ts).
  "final-sale",
  "outside-return-window",
  "not-fulfilled",
  "already-returned",
  "refused-by-policy",
];

/** Where a door's word may stand in the core, and why. `file` is a path from the repository root or a folder ending in `/`. */
const ALLOWED: { word: string; file: string; reason: string }[] = [
  {
    word: "/v2.2",
    file: "src/core/log.ts",
    reason: "DOOR_PREFIX: the access log and metrics label a request by the door it came through (the doors' mount points)",
  },
  {
    word: "/api/v1",
    file: "src/core/log.ts",
    reason: "DOOR_PREFIX: the access log and metrics label a request by the door it came through (the doors' mount points)",
  },
  { word: "line_item_id", file: "schema.graphql", reason: "ReturnOrderItemRef.line_item_id, deprecated for externalId" },
  {
    word: "line_item_id",
    file: "src/returns/event-document.ts",
    reason: "a published key of the return event's document (webhook subscribers read it): decisions.md, the return event's document",
  },
  { word: "line_item_id", file: "src/returns/fields.ts", reason: "builds that published key (orderItem.line_item_id)" },
  { word: "line_item_id", file: "src/returns/resolvers.ts", reason: "ReturnOrderItemRef.externalId reads that published key" },
  ...UPLOAD_FIELDS.map((word) => ({
    word,
    file: "schema.graphql",
    reason:
      "the deprecated bulkUploadProducts' input and result (ProductFamilyUpload…, ProductBulkUploadResult): uploadProducts replaces it",
  })),
  ...UPLOAD_FIELDS.map((word) => ({
    word,
    file: "src/products/legacy-upload.ts",
    reason: "maps the deprecated bulkUploadProducts to uploadProducts and back; goes with it",
  })),
  { word: "alt_text", file: "src/products/inputs.ts", reason: "StoredImage: the key of the images JSON the catalogue's rows hold" },
  { word: "alt_text", file: "src/products/resolvers.ts", reason: "reads StoredImage rows" },
  ...[
    "line_item_id",
    "origin_country",
    "provider_order_number",
    "provider_order_id",
    "provider_line_item_id",
    "status_page_url",
    "return_total",
  ].map((word) => ({
    word,
    file: "src/warehouse/",
    reason: "the warehouse platform's own objects, in their one home (decisions.md, the warehouse platform in one home; issue 35 item 3)",
  })),
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated") return [];
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const FILES = [...sources(join(ROOT, "src")), join(ROOT, "schema.graphql")].map((p) => relative(ROOT, p));
const WORDS: [string, RegExp][] = [
  ...Object.entries(DOOR_PATHS),
  ...Object.entries(DOOR_HEADERS),
  ...DOOR_FIELDS.map((w): [string, RegExp] => [w, new RegExp(`\\b${w}\\b`)]),
  ...DOOR_CODES.map((w): [string, RegExp] => [w, new RegExp(`(?<![\\w-])${w}(?![\\w-])`)]),
];

const allowed = (word: string, file: string) =>
  ALLOWED.find((a) => a.word === word && (a.file.endsWith("/") ? file.startsWith(a.file) : file === a.file));

/** Each door word of a file, with its line numbers. */
function hits(file: string): { word: string; lines: number[] }[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  return WORDS.flatMap(([word, re]) => {
    const at = lines.flatMap((l, i) => (re.test(l) ? [i + 1] : []));
    return at.length ? [{ word, lines: at }] : [];
  });
}

describe("one vocabulary in the core", () => {
  it.each(FILES)("%s names no door's path, field or error code", (file) => {
    const found = hits(file)
      .filter((h) => !allowed(h.word, file))
      .map((h) => `${h.word} at line ${h.lines.join(", ")}`);
    expect(found, `${file} speaks a door's words`).toEqual([]);
  });

  it("every allowlist entry has a reason and is still needed", () => {
    const used = new Set(FILES.flatMap((file) => hits(file).map((h) => allowed(h.word, file))));
    for (const a of ALLOWED) expect(a.reason.length, `${a.word} in ${a.file}`).toBeGreaterThan(20);
    const stale = ALLOWED.filter((a) => !used.has(a)).map((a) => `${a.word} in ${a.file}`);
    expect(stale, "allowlist entries that match nothing: remove them").toEqual([]);
  });

  it("the REST door says the core's fixes in the words it always used", () => {
    // Every code's REST detail against the core's English: test/unit/rest-refusal-words.test.ts.
    expect(restRefusalWords({ code: "RETURN_ORDER_NOT_FOUND", params: { externalOrderId: "1", provider: "p" } })).toBe(
      'No order with externalOrderId "1" from provider "p" in this store; push the order first (POST /stores/{storeId}/custom/orders).',
    );
    expect(restRefusalWords({ code: "TAG_UNKNOWN", params: { field: "names[0]", name: "x" } })).toBe(
      'No tag "x" in this store; create it first (returnTags / PUT /return-tags/{name}).',
    );
    expect(restRefusalWords({ code: "IDEMPOTENCY_REUSED", params: { key: "k", hours: 24 } })).toBe(
      'The Idempotency-Key "k" was already used with a different request in the last 24 hours; use a new key for a new request.',
    );
    expect(restRefusalWords({ code: "IDEMPOTENCY_KEY_LENGTH", params: { min: 1, max: 255 } })).toBe(
      "`Idempotency-Key` must have 1 to 255 characters.",
    );
  });
});
