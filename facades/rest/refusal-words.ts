// The core's refusals this door words itself, from each code's parameters: those whose English names a core
// operation (`upsertOrder`) or argument (`idempotencyKey`) where this door has a path or a header of its own.
// Every other code's detail is the core's English, its quoted fields named as the request names them
// (problem.ts). test/unit/rest-refusal-words.test.ts checks these details against the core's English for every
// code, so that a new sentence naming a core operation fails there until it is worded here.

type Params = Record<string, string | number>;

/** The core's operations as this door (or, for what only it offers, the compat door) names them. */
const OPERATIONS: Record<string, string> = {
  createWarehouseWebhook: "createWarehouseWebhook, or POST /api/v1/webhooks on the compat door",
  updateWarehouseWebhook: "updateWarehouseWebhook, or PUT /api/v1/webhooks/{platformId} on the compat door",
};
const operation = (op: string | number) => OPERATIONS[op] ?? `\`${op}\``;
const quoted = (v: string | number) => JSON.stringify(v);

const WORDS: Record<string, (p: Params) => string> = {
  RETURN_ORDER_NOT_FOUND: (p) =>
    `No order with externalOrderId ${quoted(p.externalOrderId)} from provider ${quoted(p.provider)} in this store; push the order first (POST /stores/{storeId}/custom/orders).`,
  TAG_UNKNOWN: (p) => `No tag ${quoted(p.name)} in this store; create it first (returnTags / PUT /return-tags/{name}).`,
  WEBHOOK_KIND_OWN_CREATE: (p) =>
    `\`webhook.kind\` \`${p.kind}\` (${p.owner}'s webhooks) is created with ${operation(p.operation)}, which takes its topic and trigger.`,
  WEBHOOK_KIND_OWN_UPDATE: (p) =>
    `Webhook ${p.id} is ${p.owner}'s (kind \`${p.kind}\`, platformId ${p.platformId}): change it with ${operation(p.operation)}.`,
  WEBHOOK_DELETED_SINCE: (p) => `Webhook ${p.id}, created by the first request with this Idempotency-Key, has been deleted since.`,
  IDEMPOTENCY_KEY_LENGTH: (p) => `\`Idempotency-Key\` must have ${p.min} to ${p.max} characters.`,
  IDEMPOTENCY_KEY_EMPTY: () => "`Idempotency-Key` must not be empty: send a key of your own per redemption.",
  IDEMPOTENCY_TAKEN_OVER: (p) =>
    `The request with the Idempotency-Key ${quoted(p.key)} ran past IDEMPOTENCY_IN_FLIGHT_MS and was taken over by a retry; this attempt was rolled back.`,
  IDEMPOTENCY_IN_FLIGHT: (p) => `A request with the Idempotency-Key ${quoted(p.key)} is still being processed; retry shortly.`,
  IDEMPOTENCY_REUSED: (p) =>
    `The Idempotency-Key ${quoted(p.key)} was already used with a different request in the last ${p.hours} hours; use a new key for a new request.`,
  IDEMPOTENCY_KEY_REUSED: (p) =>
    `The Idempotency-Key ${quoted(p.key)} was already used for redemption ${p.redemptionId} with a different input; use a new key for a new redemption.`,
};

/** A refusal in this door's words, or undefined where the core's English is this door's detail too. */
export function restRefusalWords(refusal: { code: string; params: Params } | null | undefined): string | undefined {
  return refusal && Object.hasOwn(WORDS, refusal.code) ? WORDS[refusal.code](refusal.params) : undefined;
}
