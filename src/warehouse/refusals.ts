// The warehouse platform's refusals of its actions: its codes and messages, its matrix by its five states,
// and the return lifecycle's one table under it (src/returns/transitions.ts), so the door allows nothing the
// table refuses. The actions themselves are rules.ts.
import type { ReturnRow } from "../returns/service.js";
import { RETURN_LIFECYCLE, type ReturnAction, type ReturnStatus } from "../returns/transitions.js";
import { type WarehouseState, warehouseStateOf } from "./states.js";

export type RefusalCode =
  | "NOT_FOUND"
  | "CANCELLED"
  | "UNPROCESSABLE_STATE"
  | "IN_REVIEW"
  | "FLAGGED"
  | "EXPIRED"
  | "FLAGGED_CANCEL"
  | "LINE_ITEM_ID_REQUIRED"
  | "CANNOT_MODIFY"
  | "NONE_QUALIFY"
  | "NOT_ALL_QUALIFY"
  | "INVALID_CONTENT";

export interface Refusal {
  code: RefusalCode;
  state: WarehouseState | null;
  message: string;
}

export interface ActionResult {
  ok: boolean;
  refusal: Refusal | null;
  return: ReturnRow | null;
}

export const refuse = (code: RefusalCode, state: WarehouseState | null, message: string): ActionResult => ({
  ok: false,
  refusal: { code, state, message },
  return: null,
});
export const stateRefusal = (state: WarehouseState) =>
  refuse("UNPROCESSABLE_STATE", state, `Return is ${state} and therefore cannot be processed.`);
const cancelledRefusal = () => refuse("CANCELLED", "cancelled", "Return is cancelled and therefore cannot be processed.");

export type WarehouseAction = "process" | "flag" | "close" | "cancel" | "remove" | "note";

/**
 * The return action each of the platform's actions runs (src/returns/transitions.ts). `remove` is left out:
 * it processes the rest or, removing every item, resets the return, which only its items decide.
 */
const RETURN_ACTION_OF: Partial<Record<WarehouseAction, ReturnAction>> = {
  process: "process",
  flag: "flag",
  close: "reject",
  cancel: "reset",
  note: "comment",
};

/**
 * Why `action` is refused for a return in `status` (null: allowed): the platform's refusal matrix (its codes and
 * messages), then the return lifecycle's one table, so the door allows nothing the table refuses (what the
 * table refuses and the platform does not name reads as the platform's state refusal).
 */
export function warehouseRefusal(
  action: WarehouseAction,
  status: string,
  flags: { allowFlaggedReturnProcessing: boolean },
): ActionResult | null {
  const refused = platformRefusal(action, status, flags);
  if (refused) return refused;
  const core = RETURN_ACTION_OF[action];
  // Flagging a flagged return is the platform's no-op (warehouseFlag answers it unchanged).
  if (!core || (action === "flag" && status === "flagged")) return null;
  return RETURN_LIFECYCLE.refusal(status as ReturnStatus, core, flags) ? stateRefusal(warehouseStateOf(status)) : null;
}

/** The platform's own refusal matrix, by its five states (and the flag it keeps out of them). */
function platformRefusal(action: WarehouseAction, status: string, flags: { allowFlaggedReturnProcessing: boolean }): ActionResult | null {
  const state = warehouseStateOf(status);
  switch (action) {
    case "process":
      if (state === "cancelled") return cancelledRefusal();
      if (state === "review") return refuse("IN_REVIEW", "review", "Return is review and therefore cannot be processed.");
      if (state !== "open") return stateRefusal(state);
      if (status === "flagged" && !flags.allowFlaggedReturnProcessing)
        return refuse("FLAGGED", "open", "Return is open and therefore cannot be processed.");
      return null;
    case "flag":
      return state === "open" || state === "review" ? null : stateRefusal(state);
    case "close":
      if (state === "cancelled") return cancelledRefusal();
      return state === "open" || state === "review" ? null : stateRefusal(state);
    case "cancel":
      if (state === "expired") return refuse("EXPIRED", "expired", "Return is expired and cannot be processed.");
      if (status === "flagged") return refuse("FLAGGED_CANCEL", "open", "Return is flagged and cannot be processed.");
      return state === "open" || state === "review" ? null : stateRefusal(state);
    case "remove":
      if (state !== "open" || (status === "flagged" && !flags.allowFlaggedReturnProcessing))
        return refuse("CANNOT_MODIFY", state, "Return cannot be modified.");
      return null;
    case "note":
      return null;
  }
}
