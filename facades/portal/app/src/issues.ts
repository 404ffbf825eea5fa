// A refusal of the core placed where the shopper can act on it: the field it names (its last part:
// `input.answer`, `items[1].photos`), the item it is about, or the top of the step.
import { type ApiError, type Draft, type Portal, type Problem, type RefusalIn, plain } from "./api";
import { CATALOGUE, type Key } from "./catalogue";
import { currentLang, t } from "./ui";
import { decisionOfParams } from "../../../../src/core/decisions/codes.js";
import { readerFormat, shopperWords } from "../../../../src/core/decisions/render.js";

/** A refusal in the shopper's words when the catalogue words its code (it words every code the core sends: test/unit/words-catalogues.test.ts), else the core's detail. */
export function refusalText(r: RefusalIn | null | undefined, detail: string, extra: Record<string, string | number> = {}): string {
  const key = r ? `refusal.${r.code}` : "";
  if (!r || !isKey(key)) return plain(detail);
  // A refusal that carries the policy's decision (a line not returnable) says it too, in the shopper's words.
  const decision = decisionOfParams(r.params);
  const policy = decision ? shopperWords(decision, readerFormat(currentLang())) : "";
  return t(key, { ...r.params, policy, ...extra }).trim();
}
const isKey = (k: string): k is Key => Object.hasOwn(CATALOGUE.en, k);

export const STEPS = ["lookup", "items", "reasons", "outcomes", "method", "review", "done"] as const;
export type Step = (typeof STEPS)[number];
/** The steps a shopper counts (the confirmation is not one). */
export const STEP_COUNT = 6;

export interface Issue {
  text: string;
  /** The field's name as the core spells it (orderName, secondaryInput, reasonCode, answer, photos, outcome, exchangeVariant, quantity). */
  key: string | null;
  itemId: string | null;
  lineItemId?: string;
  /** Shown at the top of the step (no field of it to show it at). */
  top: boolean;
  /** The session or the draft is gone: only starting again helps. */
  restart?: boolean;
}

const FIELD_KEYS = new Set([
  "orderName",
  "secondaryInput",
  "quantity",
  "reasonCode",
  "answer",
  "photos",
  "contentBase64",
  "outcome",
  "exchangeVariant",
]);

/** How the store asks for the order's second proof, in a sentence ("email", "postal code"). */
export const secondWord = (portal: Pick<Portal, "lookupMethod">) =>
  t(portal.lookupMethod === "email" ? "secondEmail" : portal.lookupMethod === "postal_code" ? "secondZip" : "secondEither");

export function issuesOf(
  err: ApiError,
  itemId: string | null,
  draft: Draft | null,
  step: Step,
  portal: Pick<Portal, "lookupMethod">,
): Issue[] {
  if (err.code === "NETWORK") return [{ text: t("network"), key: null, itemId: null, top: true }];
  if (err.code === "RATE_LIMITED" && !err.refusal) return [{ text: t("slowDown"), key: null, itemId: null, top: true }];
  const extra = { second: secondWord(portal) };
  const text = refusalText(err.refusal, err.message, extra);
  if (
    err.code === "UNAUTHENTICATED" ||
    (err.code === "NOT_FOUND" && step !== "lookup") ||
    /^drafts\/closed$|terminal|expired/i.test(err.type ?? "")
  )
    return [{ text: `${text} ${t("sessionLost")}`, key: null, itemId: null, top: true, restart: true }];
  const listed: Problem[] = err.problems.length
    ? err.problems
    : [{ field: err.field ?? "", detail: err.message, ...(err.refusal ? { refusal: err.refusal } : {}) }];
  return listed.map((p) => {
    const at = /^items\[(\d+)\]/.exec(p.field);
    const item = at ? draft?.items[Number(at[1])] : undefined;
    const last = p.field.split(".").pop() ?? "";
    const key = last === "contentBase64" ? "photos" : FIELD_KEYS.has(last) ? last : null;
    const forItem = item?.id ?? itemId;
    // Adding a line names it by its line id; anything else the lookup refuses sits at its second field.
    const lineItemId = draft?.lines.some((l) => l.lineItemId === itemId) ? (itemId ?? undefined) : undefined;
    const resolvedKey = key ?? (step === "lookup" ? "secondaryInput" : lineItemId ? "quantity" : null);
    return { text: refusalText(p.refusal, p.detail, extra), key: resolvedKey, itemId: forItem, lineItemId, top: false };
  });
}

/** Marks the issues a step cannot show at one of its fields as shown at its top. */
export function placeIssues(issues: Issue[], step: Step): Issue[] {
  const keys = STEP_KEYS[step];
  return issues.map((i) => (i.top || (i.key && keys.includes(i.key) && (step === "lookup" || i.itemId)) ? i : { ...i, top: true }));
}

const STEP_KEYS: Record<Step, string[]> = {
  lookup: ["orderName", "secondaryInput"],
  items: ["quantity"],
  reasons: ["reasonCode", "answer", "photos"],
  outcomes: ["outcome", "exchangeVariant"],
  method: [],
  review: [],
  done: [],
};

/** What every step of the flow gets. */
export interface StepProps {
  portal: Portal;
  draft: Draft;
  busy: boolean;
  issues: Issue[];
  /** Runs calls to the core in order; stops at the first refusal (shown at its field) and answers false. */
  run: (work: (call: Call) => Promise<void>) => Promise<boolean>;
  go: (step: Step) => void;
}
export type Call = <T>(query: string, variables: Record<string, unknown>, itemId?: string) => Promise<T>;
