// The REST door words a refusal from its code (facades/rest/refusal-words.ts) where it once reworded the core's
// English by pattern (a quoted core operation such as `upsertOrder` → its path, "the idempotency key" → the
// header). For every code of every domain and random parameters, its detail is what that rewording gave, so the
// door's output is unchanged; and a new sentence naming a core operation fails here until the door words it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFUSAL_LISTS } from "../../src/refusals.js";
import { restRefusalWords } from "../../facades/rest/refusal-words.js";

type Words = (p: Record<string, string | number>) => string;

/** The rewording the door did before, kept as the oracle. */
const OPERATIONS: Record<string, string> = {
  idempotencyKey: "`Idempotency-Key`",
  upsertOrder: "POST /stores/{storeId}/custom/orders",
  upsertReturnTag: "returnTags / PUT /return-tags/{name}",
  createWarehouseWebhook: "createWarehouseWebhook, or POST /api/v1/webhooks on the compat door",
  updateWarehouseWebhook: "updateWarehouseWebhook, or PUT /api/v1/webhooks/{platformId} on the compat door",
};
const reworded = (detail: string) =>
  detail
    .replace(/\b([Tt]he|this) idempotency key\b/g, "$1 Idempotency-Key")
    .replace(/`(\w+)`/g, (quoted, op: string) => (Object.hasOwn(OPERATIONS, op) ? OPERATIONS[op] : quoted));

/** The parameter names a sentence reads (with text and with numbers, so every branch names what it reads). */
function namesRead(words: Words): string[] {
  const read = new Set<string>();
  for (const value of ["x", 2, 0]) words(new Proxy({}, { get: (_, k) => (typeof k === "string" && read.add(k), value) }));
  return [...read];
}

const CODES = REFUSAL_LISTS.flatMap((list) =>
  list.codes.map((code) => ({ code: code as string, en: (list.entries as unknown as Record<string, { en: Words }>)[code].en })),
);
/** A webhook format's operation (src/webhooks/formats.ts): the warehouse platform's two, or another format's. */
const operation = fc.constantFrom("createWarehouseWebhook", "updateWarehouseWebhook", "createOtherWebhook");
const value = fc.oneof(fc.stringMatching(/^[a-z0-9 .@+-]{0,8}$/), fc.integer({ min: -1000, max: 100000 }));

describe("the REST door's words for the core's refusals", () => {
  it("gives every code's detail as the pattern rewording of its English did", () => {
    for (const { code, en } of CODES) {
      const names = namesRead(en);
      fc.assert(
        fc.property(fc.record(Object.fromEntries(names.map((n) => [n, n === "operation" ? operation : value]))), (params) => {
          const detail = restRefusalWords({ code, params }) ?? en(params);
          expect(detail, code).toBe(reworded(en(params)));
        }),
        { numRuns: 20 },
      );
    }
  });

  it("words a refusal whose English names a core operation, and leaves the others to the core", () => {
    const params = { externalOrderId: "A-1", provider: "custom" };
    expect(restRefusalWords({ code: "RETURN_ORDER_NOT_FOUND", params })).toBe(
      'No order with externalOrderId "A-1" from provider "custom" in this store; push the order first (POST /stores/{storeId}/custom/orders).',
    );
    expect(restRefusalWords({ code: "RETURN_NOT_FOUND", params: { id: "ret_1" } })).toBeUndefined();
    expect(restRefusalWords(null)).toBeUndefined();
  });
});
