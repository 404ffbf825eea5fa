// The draft lifecycle: one table (src/core/lifecycle.ts) of what may be done from which state, the guards
// on the draft's items, and the named steps the service runs. `act` (service.ts) and `submit` check every
// step through it; GraphQL's `allowedActions` (and so the doors' links and the portal) is its answer.
import { type Guard, type Step, defineLifecycle } from "../core/lifecycle.js";
import { terminalState, wrongState } from "./errors.js";
import { refuse } from "./refusals.js";

export const STATES = ["created", "items_finalized", "submitted", "cancelled", "expired"] as const;
export type DraftState = (typeof STATES)[number];

export const DRAFT_ACTIONS = [
  "add_item",
  "update_item",
  "remove_item",
  "set_address",
  "set_customer",
  "finalize_items",
  "set_credit_type",
  "set_return_method",
  "submit",
  "cancel",
] as const;
export type DraftAction = (typeof DRAFT_ACTIONS)[number];

/** What the guards read: the draft's items, its credit type, and the item a step names (when it names one). */
export interface DraftSubject {
  items: readonly { id: string; outcome: string | null }[];
  creditType: string | null;
  itemId?: string;
}

type DraftGuard = Guard<DraftState, DraftAction, DraftSubject>;

/** The item the step names is in the draft (asked without one: the draft has an item to act on). */
export const itemExists: DraftGuard = {
  name: "itemExists",
  holds: (d) => (d.itemId === undefined ? d.items.length > 0 : d.items.some((i) => i.id === d.itemId)),
  refuse: (d) => refuse("ITEM_NOT_FOUND", { id: d.itemId ?? "" }),
};

export const hasItems: DraftGuard = {
  name: "hasItems",
  holds: (d) => d.items.length > 0,
  refuse: () => refuse("NEED_ITEMS"),
};

/** Every item has an outcome: its own, or the draft's credit type. */
export const everyItemResolved: DraftGuard = {
  name: "everyItemResolved",
  holds: (d) => d.items.every((it) => it.outcome || d.creditType),
  refuse: (d) => refuse("ITEM_NEEDS_OUTCOME", { item: d.items.findIndex((it) => !it.outcome && !d.creditType) + 1 }),
};

const OPEN: DraftState[] = ["created", "items_finalized"];

export const DRAFT_LIFECYCLE = defineLifecycle<DraftState, DraftAction, DraftState | "same", DraftSubject>({
  states: STATES,
  actions: DRAFT_ACTIONS,
  terminal: ["submitted", "cancelled", "expired"],
  transitions: {
    add_item: { from: ["created"], to: "same" },
    update_item: { from: ["created"], to: "same", guards: [itemExists] },
    remove_item: { from: ["created"], to: "same", guards: [itemExists] },
    set_address: { from: OPEN, to: "same" },
    set_customer: { from: OPEN, to: "same" },
    finalize_items: { from: ["created"], to: "items_finalized", guards: [hasItems] },
    set_credit_type: { from: ["items_finalized"], to: "same" },
    set_return_method: { from: ["items_finalized"], to: "same" },
    submit: { from: ["items_finalized"], to: "submitted", guards: [everyItemResolved] },
    cancel: { from: OPEN, to: "cancelled" },
  },
  refuse: {
    terminal: (at) => terminalState(at.state),
    state: (at) => wrongState(at.step ?? at.action, at.from, at.state),
  },
});

/** States that still take changes (the others are closed). */
export const OPEN_STATES: readonly DraftState[] = DRAFT_LIFECYCLE.openStates;

/** The named steps of the draft flow: the action of the table each runs, and the words its refusal uses. */
export const STEPS = {
  addItem: { action: "add_item", label: "Adding an item" },
  updateItem: { action: "update_item", label: "Changing an item" },
  removeItem: { action: "remove_item", label: "Removing an item" },
  // A photo changes its item: the item's action, in the step's own words.
  addPhoto: { action: "update_item", label: "Adding a photo" },
  removePhoto: { action: "update_item", label: "Removing a photo" },
  setAddress: { action: "set_address", label: "Setting the address" },
  setCustomer: { action: "set_customer", label: "Setting the customer" },
  finalizeItems: { action: "finalize_items", label: "Finalizing the items" },
  setCreditType: { action: "set_credit_type", label: "Setting the credit type" },
  setReturnMethod: { action: "set_return_method", label: "Choosing the return method" },
  submit: { action: "submit", label: "Submitting" },
  cancel: { action: "cancel", label: "Cancelling" },
} as const satisfies Record<string, Step<DraftAction>>;
export type DraftStep = (typeof STEPS)[keyof typeof STEPS];

/** What a draft allows now: the one answer GraphQL's `allowedActions` gives. */
export const draftAllowedActions = (d: { state: string; creditType: string | null }, items: DraftSubject["items"]): DraftAction[] =>
  DRAFT_LIFECYCLE.allowedActions(d.state as DraftState, { items, creditType: d.creditType });
