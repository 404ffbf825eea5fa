// The lifecycle kit (src/core/lifecycle.ts) for drafts and returns: for every (state, action) pair and any
// subject, the table, the guards and `allowedActions` agree: an action is offered exactly when the check
// every service call runs lets it through, and a refusal is the one the state or the failing guard words.
// The warehouse door's own matrix (src/warehouse/refusals.ts) allows nothing the return table refuses.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/core/errors.js";
import {
  DRAFT_ACTIONS,
  DRAFT_LIFECYCLE,
  type DraftSubject,
  OPEN_STATES,
  STATES,
  STEPS,
  draftAllowedActions,
} from "../../src/drafts/lifecycle.js";
import {
  RETURN_ACTIONS,
  RETURN_LIFECYCLE,
  RETURN_STATUSES,
  TRANSITIONS,
  allowedActions,
  transition,
} from "../../src/returns/transitions.js";
import { warehouseRefusal } from "../../src/warehouse/refusals.js";

const typeOf = (e: Error | null) => (e instanceof DomainError ? e.info.type : e && "not a DomainError");

const item = fc.record({ id: fc.constantFrom("dri_1", "dri_2", "dri_3"), outcome: fc.constantFrom(null, "refund", "exchange") });
const subject = fc.record({
  items: fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 3 }),
  creditType: fc.constantFrom(null, "refund", "store_credit"),
});

/** What the draft's actions were before the table (src/drafts/view.ts as it was): the table must offer the same. */
function formerDraftActions(state: string, d: DraftSubject): string[] {
  const n = d.items.length;
  if (state === "created")
    return [
      "add_item",
      ...(n ? ["update_item", "remove_item"] : []),
      "set_address",
      "set_customer",
      ...(n ? ["finalize_items"] : []),
      "cancel",
    ];
  if (state === "items_finalized")
    return [
      "set_address",
      "set_customer",
      "set_credit_type",
      "set_return_method",
      ...(d.items.every((it) => it.outcome || d.creditType) ? ["submit"] : []),
      "cancel",
    ];
  return [];
}

describe("the draft lifecycle", () => {
  it("offers an action exactly when its state runs it and its guards hold, and refuses it otherwise in the state's or the guard's words", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATES), subject, (state, d) => {
        const offered = DRAFT_LIFECYCLE.allowedActions(state, d);
        expect(draftAllowedActions({ state, creditType: d.creditType }, d.items)).toEqual(offered);
        expect(offered).toEqual(formerDraftActions(state, d));
        for (const action of DRAFT_ACTIONS) {
          const runs = DRAFT_LIFECYCLE.spec.transitions[action].from.includes(state);
          const failing = (DRAFT_LIFECYCLE.spec.transitions[action].guards ?? []).find((g) => !g.holds(d, { state, action }));
          const refused = DRAFT_LIFECYCLE.refusal(state, action, d);
          expect(offered.includes(action)).toBe(runs && !failing);
          expect(refused === null).toBe(offered.includes(action));
          if (DRAFT_LIFECYCLE.isTerminal(state)) expect(typeOf(refused)).toBe("drafts/closed");
          else if (!runs) expect(typeOf(refused)).toBe("drafts/wrong-state");
          else if (failing) expect(refused?.message).toBe(failing.refuse!(d, { state, action }).message);
        }
      }),
    );
  });

  it("checks an item a step names: the guard holds for an item of the draft and refuses another with item-not-found", () => {
    const d = { items: [{ id: "dri_1", outcome: null }], creditType: null };
    expect(DRAFT_LIFECYCLE.refusal("created", "update_item", { ...d, itemId: "dri_1" })).toBeNull();
    const refused = DRAFT_LIFECYCLE.refusal("created", "remove_item", { ...d, itemId: "dri_9" }) as DomainError;
    expect(refused.info).toMatchObject({ status: 404, type: "drafts/item-not-found", detail: 'No item "dri_9" in this draft return.' });
  });

  it("words a refusal by the step that asked, naming the states its action runs from", () => {
    const refused = DRAFT_LIFECYCLE.stateRefusal("items_finalized", STEPS.addPhoto.action, undefined, STEPS.addPhoto.label) as DomainError;
    expect(refused.info).toMatchObject({
      status: 422,
      type: "drafts/wrong-state",
      detail: "Adding a photo is possible while the draft is created; it is items finalized.",
    });
    const closed = DRAFT_LIFECYCLE.stateRefusal("expired", STEPS.setAddress.action, undefined, STEPS.setAddress.label) as DomainError;
    expect(closed.info.detail).toBe("The draft return is expired: nothing can change it now.");
    expect((DRAFT_LIFECYCLE.stateRefusal("created", "submit", undefined, "Submitting") as DomainError).info.detail).toBe(
      "Submitting is possible while the draft is items finalized; it is created.",
    );
  });

  it("names every step's action in the table, and the open states are those an action runs from", () => {
    for (const step of Object.values(STEPS)) expect(DRAFT_ACTIONS).toContain(step.action);
    const runFrom = new Set(DRAFT_ACTIONS.flatMap((a) => DRAFT_LIFECYCLE.spec.transitions[a].from));
    expect([...OPEN_STATES].sort()).toEqual([...runFrom].sort());
  });
});

describe("the return lifecycle", () => {
  const flags = fc.constantFrom(undefined, {}, { allowFlaggedReturnProcessing: true }, { allowFlaggedReturnProcessing: false });

  it("offers an action exactly when the transition runs, for every status, action and store setting", () => {
    fc.assert(
      fc.property(fc.constantFrom(...RETURN_STATUSES), flags, (status, f) => {
        const offered = allowedActions(status, f);
        for (const action of RETURN_ACTIONS) {
          let refused: unknown = null;
          try {
            transition(status, action, f);
          } catch (e) {
            refused = e;
          }
          // Without the store's settings the table alone answers; with them (or none given to `transition`) the guards too.
          if (f === undefined) expect(offered.includes(action)).toBe(TRANSITIONS[status][action] !== undefined);
          else expect(offered.includes(action)).toBe(refused === null);
          if (refused) expect((refused as DomainError).info).toMatchObject({ status: 409, type: "returns/invalid-transition" });
        }
        expect(allowedActions(status)).toEqual(RETURN_ACTIONS.filter((a) => TRANSITIONS[status][a] !== undefined));
      }),
    );
  });

  it("guards processing a flagged return and only that", () => {
    for (const status of RETURN_STATUSES)
      for (const action of RETURN_ACTIONS) {
        const guarded = RETURN_LIFECYCLE.refusal(status, action, {}) !== null && RETURN_LIFECYCLE.stateRefusal(status, action, {}) === null;
        expect(guarded).toBe(status === "flagged" && action === "process");
      }
  });
});

describe("the warehouse door's actions", () => {
  const RUNS = { process: "process", flag: "flag", close: "reject", cancel: "reset", note: "comment" } as const;

  it("allow nothing the return table refuses (flagging a flagged return aside: the platform's no-op)", () => {
    for (const status of RETURN_STATUSES)
      for (const allowFlaggedReturnProcessing of [false, true])
        for (const [action, core] of Object.entries(RUNS) as [keyof typeof RUNS, (typeof RUNS)[keyof typeof RUNS]][]) {
          if (action === "flag" && status === "flagged") continue;
          const flags = { allowFlaggedReturnProcessing };
          if (warehouseRefusal(action, status, flags) === null)
            expect(allowedActions(status, flags), `${action} from ${status}`).toContain(core);
        }
  });

  it("answers what only the table refuses with the platform's state refusal", () => {
    // A return before shipment reads as open on the platform, whose matrix lets it be processed; the table does not.
    expect(warehouseRefusal("process", "pre_shipment", { allowFlaggedReturnProcessing: false })?.refusal).toEqual({
      code: "UNPROCESSABLE_STATE",
      state: "open",
      message: "Return is open and therefore cannot be processed.",
    });
  });
});
