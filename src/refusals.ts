// The core's English catalogue of refusals: every domain's list (src/<domain>/refusals.ts) in one place, for
// the catalogue tests and the guide. A domain with a new list adds it here; a code is unique across lists.
import type { RefusalList } from "./core/refusals.js";
import { CUSTOMER_REFUSALS } from "./customers/refusals.js";
import { GIFT_CARD_REFUSALS } from "./gift-cards/refusals.js";

export const REFUSAL_LISTS: readonly RefusalList<never>[] = [CUSTOMER_REFUSALS, GIFT_CARD_REFUSALS] as unknown as RefusalList<never>[];
