// The lifecycle action dialogs of a return's page: process (restock, keep, reject, adjust), remove
// items, and the one-step actions, each explaining what it does before it runs.
import { useState } from "preact/hooks";
import {
  CANCEL_RETURN,
  COMPLETE_RETURN,
  DELIVER_RETURN,
  FLAG_RETURN,
  PROCESS_RETURN,
  REJECT_RETURN,
  REMOVE_RETURN_ITEMS,
  REOPEN_RETURN,
  RESET_RETURN,
} from "./return-actions.ops";
import { adjustmentError, type ActionInfo } from "../logic";
import { fieldErrors } from "../forms";
import { ErrorMessage, useMutation } from "../ui";
import { Dialog, Field } from "../ui-forms";
import type { ReturnDetail, ReturnItem } from "./returns-shared";

export const SIMPLE_MUTATIONS: Record<string, string> = {
  flag: FLAG_RETURN,
  reject: REJECT_RETURN,
  cancel: CANCEL_RETURN,
  reset: RESET_RETURN,
  reopen: REOPEN_RETURN,
  complete: COMPLETE_RETURN,
  deliver: DELIVER_RETURN,
};

type Done = (r: ReturnDetail, message: string) => void;

export function SimpleActionDialog({
  ret,
  info,
  onClose,
  onDone,
}: {
  ret: ReturnDetail;
  info: ActionInfo;
  onClose: () => void;
  onDone: Done;
}) {
  const [reason, setReason] = useState("");
  const m = useMutation<Record<string, { message: string; return: ReturnDetail }>>(SIMPLE_MUTATIONS[info.action]);
  const confirm = async () => {
    const res = await m.run(info.reason ? { id: ret.id, reason: reason.trim() || null } : { id: ret.id });
    if (res) {
      const payload = Object.values(res)[0];
      onDone(payload.return, payload.message || `${info.label}: done.`);
    }
  };
  return (
    <Dialog
      open
      title={`${info.label} this return?`}
      onClose={onClose}
      role={info.danger ? "alertdialog" : "dialog"}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Keep return as it is
          </button>
          <button type="button" class={info.danger ? "danger" : ""} onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Working…" : `${info.label} return`}
          </button>
        </>
      }
    >
      <p>{info.description}</p>
      {info.danger && <p class="warning">This cannot be undone.</p>}
      {info.reason && (
        <Field label="Reason (optional)" hint="Recorded in the timeline.">
          <input name="reason" value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        </Field>
      )}
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}

type Decision = { mode: "restock" | "keep" | "reject"; adjustment: string };

export function ProcessDialog({
  ret,
  titleOf,
  onClose,
  onDone,
}: {
  ret: ReturnDetail;
  titleOf: (i: ReturnItem) => string;
  onClose: () => void;
  onDone: Done;
}) {
  const open = ret.items.filter((i) => i.status === "open");
  const items = open.length ? open : ret.items;
  const [decisions, setDecisions] = useState<Record<string, Decision>>(() =>
    Object.fromEntries(items.map((i) => [i.id, { mode: "restock", adjustment: "" }])),
  );
  const [checked, setChecked] = useState(false);
  const m = useMutation<{ processReturn: { message: string; return: ReturnDetail } }>(PROCESS_RETURN);
  const set = (id: string, patch: Partial<Decision>) => setDecisions({ ...decisions, [id]: { ...decisions[id], ...patch } });
  const maxOf = (i: ReturnItem) => i.maxMerchantAdjustment;
  const labelOf = (i: ReturnItem) => `Adjustment for ${titleOf(i)}`;
  // The core's field path of the n-th item sent; the form keys its own checks the same way.
  const pathOf = (n: number) => `items[${n}].merchantAdjustment`;
  const labels = Object.fromEntries(items.map((i, n) => [pathOf(n), labelOf(i)]));
  const ownErrors = Object.fromEntries(
    items.map((i, n) => [pathOf(n), decisions[i.id].mode === "reject" ? null : adjustmentError(decisions[i.id].adjustment, maxOf(i))]),
  );
  const invalid = Object.values(ownErrors).some(Boolean);
  const errors = fieldErrors(m.error, labels, checked ? ownErrors : {});
  const confirm = async () => {
    setChecked(true);
    if (invalid) return;
    const input = items.map((i) => {
      const d = decisions[i.id];
      if (d.mode === "reject") return { itemId: i.id, reject: true };
      return { itemId: i.id, restock: d.mode === "restock", ...(d.adjustment.trim() ? { merchantAdjustment: d.adjustment.trim() } : {}) };
    });
    const res = await m.run({ id: ret.id, items: input });
    if (res) onDone(res.processReturn.return, res.processReturn.message || "Processed.");
  };
  return (
    <Dialog
      open
      title="Process items"
      onClose={onClose}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Close without processing
          </button>
          <button type="button" onClick={confirm} disabled={m.busy} aria-busy={m.busy}>
            {m.busy ? "Processing…" : "Process return"}
          </button>
        </>
      }
    >
      <p>
        For each item: restock it, accept it without restocking, or reject it. An adjustment (in {ret.currency}) is subtracted from the
        item's refund, up to the item's value.
      </p>
      {items.map((i, n) => {
        const error = errors.fields[pathOf(n)];
        return (
          <fieldset class="process-item">
            <legend>
              {titleOf(i)} × {i.quantity}
            </legend>
            <div class="inline" role="radiogroup" aria-label={`Decision for ${titleOf(i)}`}>
              {(["restock", "keep", "reject"] as const).map((mode) => (
                <label>
                  <input type="radio" name={`mode-${i.id}`} checked={decisions[i.id].mode === mode} onChange={() => set(i.id, { mode })} />
                  {mode === "restock" ? "Restock" : mode === "keep" ? "Accept, don't restock" : "Reject"}
                </label>
              ))}
            </div>
            {decisions[i.id].mode !== "reject" && (
              <Field label={labelOf(i)} hint={`Optional, at most ${maxOf(i).amount} (the item's value with tax)`} error={error}>
                <input
                  inputMode="decimal"
                  value={decisions[i.id].adjustment}
                  aria-invalid={!!error}
                  onInput={(e) => set(i.id, { adjustment: (e.target as HTMLInputElement).value })}
                />
              </Field>
            )}
          </fieldset>
        );
      })}
      {checked && invalid && (
        <p class="error" role="alert">
          Fix the amounts marked above; nothing was sent.
        </p>
      )}
      <ErrorMessage error={errors.other} />
    </Dialog>
  );
}

export function RemoveItemsDialog({
  ret,
  titleOf,
  onClose,
  onDone,
}: {
  ret: ReturnDetail;
  titleOf: (i: ReturnItem) => string;
  onClose: () => void;
  onDone: Done;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const m = useMutation<{ removeReturnItems: { message: string; return: ReturnDetail } }>(REMOVE_RETURN_ITEMS);
  const confirm = async () => {
    const res = await m.run({ id: ret.id, itemIds: chosen });
    if (res) onDone(res.removeReturnItems.return, res.removeReturnItems.message || "Items removed.");
  };
  return (
    <Dialog
      open
      title="Remove items"
      onClose={onClose}
      role="alertdialog"
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            Keep every item
          </button>
          <button type="button" class="danger" onClick={confirm} disabled={m.busy || !chosen.length} aria-busy={m.busy}>
            {m.busy ? "Removing…" : "Remove items"}
          </button>
        </>
      }
    >
      <p>
        Choose the items to take off this return for good. At least one item must stay; to drop them all, reset the return instead. The
        customer can return removed items again later.
      </p>
      <fieldset>
        <legend>Items</legend>
        {ret.items.map((i) => (
          <label class="checkbox" style="display:flex">
            <input
              type="checkbox"
              checked={chosen.includes(i.id)}
              onChange={(e) => setChosen((e.target as HTMLInputElement).checked ? [...chosen, i.id] : chosen.filter((x) => x !== i.id))}
            />
            {titleOf(i)} × {i.quantity}
          </label>
        ))}
      </fieldset>
      <ErrorMessage error={m.error} />
    </Dialog>
  );
}
