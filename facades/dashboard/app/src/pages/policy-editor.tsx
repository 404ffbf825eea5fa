// The return policy as forms, one section per kind of rule: nothing is typed as JSON. Each field shows its
// own error (the form's checks and the core's refusals, matched by the core's field path).
import type { ComponentChildren } from "preact";
import { ANCHOR_WORDS, OUTCOME_WORDS, OUTCOMES, type Outcome, type PolicyForm } from "../policy-logic";
import { Section } from "../ui";
import { Field, FieldError } from "../ui-forms";

type Errors = Record<string, string>;
type Update = (change: (f: PolicyForm) => void) => void;

const val = (e: Event) => (e.target as HTMLInputElement).value;

function Text({
  label,
  value,
  onInput,
  error,
  hint,
  type = "text",
  inputMode,
}: {
  label: string;
  value: string;
  onInput: (v: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  inputMode?: "numeric" | "decimal";
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      <input type={type} inputMode={inputMode} value={value} aria-invalid={!!error} onInput={(e) => onInput(val(e))} />
    </Field>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label class="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} /> {label}
    </label>
  );
}

/** A group of outcome checkboxes (which outcomes a reason allows, which waive the fee, …). */
function OutcomeChecks({
  legend,
  value,
  onChange,
  options = OUTCOMES,
  error,
}: {
  legend: string;
  value: Outcome[];
  onChange: (v: Outcome[]) => void;
  options?: Outcome[];
  error?: string;
}) {
  return (
    <fieldset class={error ? "invalid" : undefined}>
      <legend>{legend}</legend>
      <FieldError message={error} />
      {options.map((o) => (
        <Check
          label={OUTCOME_WORDS[o]}
          checked={value.includes(o)}
          onChange={(on) => onChange(on ? [...value.filter((x) => x !== o), o] : value.filter((x) => x !== o))}
        />
      ))}
    </fieldset>
  );
}

/** A list of rules, each in its own box with Remove, and Add below. */
function Rows<T>({
  what,
  base,
  rows,
  errors,
  onAdd,
  onRemove,
  render,
}: {
  what: string;
  base: string;
  rows: T[];
  errors: Errors;
  onAdd: () => void;
  onRemove: (i: number) => void;
  render: (row: T, i: number, field: (k: string) => string | undefined) => ComponentChildren;
}) {
  return (
    <>
      {rows.map((r, i) => (
        <fieldset class={errors[`input.${base}[${i}]`] ? "invalid policy-row" : "policy-row"}>
          <legend>
            {what} {i + 1}
          </legend>
          <FieldError message={errors[`input.${base}[${i}]`]} />
          {render(r, i, (k) => errors[`input.${base}[${i}].${k}`])}
          <button type="button" class="secondary small" onClick={() => onRemove(i)}>
            Remove {what.toLowerCase()} {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" class="secondary" onClick={onAdd}>
        Add {what.toLowerCase()}
      </button>
    </>
  );
}

export function PolicyEditor({ form: f, update, errors: e }: { form: PolicyForm; update: Update; errors: Errors }) {
  const set =
    <K extends keyof PolicyForm>(k: K) =>
    (v: PolicyForm[K]) =>
      update((x) => {
        x[k] = v;
      });
  const row =
    <K extends "windowRules" | "extensions" | "restockingFees" | "reasons" | "reviewRules">(k: K, i: number) =>
    (field: keyof PolicyForm[K][number]) =>
    (v: unknown) =>
      update((x) => {
        (x[k][i] as Record<string, unknown>)[field as string] = v;
      });
  const add = <K extends "windowRules" | "extensions" | "restockingFees" | "reasons" | "reviewRules">(k: K, blank: PolicyForm[K][number]) =>
    update((x) => {
      (x[k] as unknown[]).push(blank);
    });
  const remove = (k: "windowRules" | "extensions" | "restockingFees" | "reasons" | "reviewRules") => (i: number) =>
    update((x) => {
      x[k].splice(i, 1);
    });
  const cur = f.currency || "the policy's currency";
  return (
    <>
      <Section title="Return window">
        <FieldError message={e["input.window"]} />
        <div class="inline">
          <Text
            label="Days to return"
            value={f.windowDays}
            onInput={set("windowDays")}
            error={e["input.window.days"]}
            inputMode="numeric"
          />
          <Field label="Counted from" error={e["input.window.from"]}>
            <select value={f.windowFrom} onChange={(ev) => set("windowFrom")(val(ev))}>
              {Object.entries(ANCHOR_WORDS).map(([k, v]) => (
                <option value={k}>{v.charAt(0).toUpperCase() + v.slice(1)}</option>
              ))}
            </select>
          </Field>
          {f.windowFrom === "delivery" && (
            <Text
              label="Transit days when no delivery date is known"
              value={f.transitDays}
              onInput={set("transitDays")}
              error={e["input.window.transitDays"]}
              inputMode="numeric"
            />
          )}
        </div>
        <h3>Windows by product</h3>
        <p class="muted small">
          A longer or shorter window for products by tag, SKU or type. 0 days means final sale. The shortest match wins.
        </p>
        <Rows
          what="Window rule"
          base="windowRules"
          rows={f.windowRules}
          errors={e}
          onAdd={() => add("windowRules", { name: "", tags: "", skus: "", productTypes: "", days: "0" })}
          onRemove={remove("windowRules")}
          render={(r, i, err) => (
            <div class="inline">
              <Text label="Name" value={r.name} onInput={row("windowRules", i)("name")} error={err("name")} />
              <Text
                label="Product tags"
                hint="Comma-separated"
                value={r.tags}
                onInput={row("windowRules", i)("tags")}
                error={err("tags")}
              />
              <Text label="SKUs" hint="Comma-separated" value={r.skus} onInput={row("windowRules", i)("skus")} error={err("skus")} />
              <Text
                label="Days (0: final sale)"
                value={r.days}
                onInput={row("windowRules", i)("days")}
                error={err("days")}
                inputMode="numeric"
              />
            </div>
          )}
        />
        <h3>Holiday extensions</h3>
        <p class="muted small">Orders placed between two dates (in the store's time zone) get at least this many days.</p>
        <Rows
          what="Holiday extension"
          base="extensions"
          rows={f.extensions}
          errors={e}
          onAdd={() => add("extensions", { name: "", orderedFrom: "", orderedTo: "", days: "60" })}
          onRemove={remove("extensions")}
          render={(r, i, err) => (
            <div class="inline">
              <Text label="Name" value={r.name} onInput={row("extensions", i)("name")} error={err("name")} />
              <Text
                label="Ordered from"
                type="date"
                value={r.orderedFrom}
                onInput={row("extensions", i)("orderedFrom")}
                error={err("orderedFrom")}
              />
              <Text
                label="Ordered to"
                type="date"
                value={r.orderedTo}
                onInput={row("extensions", i)("orderedTo")}
                error={err("orderedTo")}
              />
              <Text label="At least (days)" value={r.days} onInput={row("extensions", i)("days")} error={err("days")} inputMode="numeric" />
            </div>
          )}
        />
      </Section>
      <Section title="Never returnable">
        <div class="inline">
          {(
            [
              ["tags", "Excluded product tags"],
              ["skus", "Excluded SKUs"],
              ["vendors", "Excluded vendors"],
            ] as const
          ).map(([k, label]) => (
            <Text
              label={label}
              hint="Comma-separated"
              value={f.exclusions[k]}
              onInput={(v) => update((x) => void (x.exclusions[k] = v))}
              error={e[`input.exclusions.${k}`]}
            />
          ))}
          <Text
            label="Exclude items discounted more than (%)"
            value={f.exclusions.discountAbovePercent}
            onInput={(v) => update((x) => void (x.exclusions.discountAbovePercent = v))}
            error={e["input.exclusions.discountAbovePercent"]}
            inputMode="decimal"
          />
        </div>
        <p class="muted small">Units already returned, or in a return still open, are never returnable again.</p>
      </Section>
      <Section title="Outcomes offered">
        <FieldError message={e["input.outcomes"]} />
        <Check label={OUTCOME_WORDS.refund} checked={f.refund} onChange={set("refund")} />
        <Check label={OUTCOME_WORDS.store_credit} checked={f.storeCredit} onChange={set("storeCredit")} />
        <Check label={`${OUTCOME_WORDS.exchange} of the same product at the same price`} checked={f.exchange} onChange={set("exchange")} />
        <Check label="Let the customer keep the item when the return is worth little" checked={f.keepItem} onChange={set("keepItem")} />
        {f.keepItem && (
          <Text
            label="Keep the item when the return is worth less than"
            hint={`In ${cur}`}
            value={f.keepItemBelow}
            onInput={set("keepItemBelow")}
            error={e["input.outcomes.keepItemBelow"]}
            inputMode="decimal"
          />
        )}
        <Text
          label="Currency of fixed amounts"
          hint="Fees, bonus and thresholds apply to orders in this currency"
          value={f.currency}
          onInput={set("currency")}
          error={e["input.currency"]}
        />
      </Section>
      <Section title="Fees and bonus">
        <FieldError message={e["input.returnFee"]} />
        <Check label="Charge a return fee (once per return)" checked={f.feeOn} onChange={set("feeOn")} />
        {f.feeOn && (
          <div class="inline">
            <Field label="Return fee kind">
              <select value={f.feeKind} onChange={(ev) => set("feeKind")(val(ev) as "amount" | "percent")}>
                <option value="amount">Fixed amount</option>
                <option value="percent">Percent of the return's value</option>
              </select>
            </Field>
            <Text
              label="Return fee amount"
              hint={f.feeKind === "amount" ? `In ${cur}` : "Percent"}
              value={f.feeValue}
              onInput={set("feeValue")}
              error={e["input.returnFee.amount"] ?? e["input.returnFee.percent"]}
              inputMode="decimal"
            />
            <OutcomeChecks
              legend="Waive the fee for"
              value={f.feeWaivedFor}
              onChange={set("feeWaivedFor")}
              error={e["input.returnFee.waivedFor"]}
            />
          </div>
        )}
        <h3>Restocking fees</h3>
        <p class="muted small">A percent of an item's value by product tag, on refunds and store credit (never on exchanges).</p>
        <Rows
          what="Restocking fee"
          base="restockingFees"
          rows={f.restockingFees}
          errors={e}
          onAdd={() => add("restockingFees", { name: "", tags: "", percent: "" })}
          onRemove={remove("restockingFees")}
          render={(r, i, err) => (
            <div class="inline">
              <Text label="Name" value={r.name} onInput={row("restockingFees", i)("name")} error={err("name")} />
              <Text
                label="Product tags"
                hint="Comma-separated"
                value={r.tags}
                onInput={row("restockingFees", i)("tags")}
                error={err("tags")}
              />
              <Text
                label="Percent"
                value={r.percent}
                onInput={row("restockingFees", i)("percent")}
                error={err("percent")}
                inputMode="decimal"
              />
            </div>
          )}
        />
        <h3>Bonus credit</h3>
        <FieldError message={e["input.bonus"]} />
        <Check label="Add bonus credit" checked={f.bonusOn} onChange={set("bonusOn")} />
        {f.bonusOn && (
          <div class="inline">
            <Field label="Bonus kind">
              <select value={f.bonusKind} onChange={(ev) => set("bonusKind")(val(ev) as "amount" | "percent")}>
                <option value="percent">Percent of the value</option>
                <option value="amount">Fixed amount per return</option>
              </select>
            </Field>
            <Text
              label="Bonus amount"
              hint={f.bonusKind === "amount" ? `In ${cur}` : "Percent"}
              value={f.bonusValue}
              onInput={set("bonusValue")}
              error={e["input.bonus.amount"] ?? e["input.bonus.percent"]}
              inputMode="decimal"
            />
            <OutcomeChecks
              legend="Give the bonus on"
              options={["store_credit", "exchange"]}
              value={f.bonusFor}
              onChange={set("bonusFor")}
              error={e["input.bonus.on"]}
            />
          </div>
        )}
      </Section>
      <Section title="Reasons">
        <p class="muted small">The reasons a shopper picks from. With a list, a return giving another reason is refused.</p>
        <Rows
          what="Reason"
          base="reasons"
          rows={f.reasons}
          errors={e}
          onAdd={() => add("reasons", { code: "", label: "", question: "", photoRequired: false, outcomes: ["refund", "store_credit"] })}
          onRemove={remove("reasons")}
          render={(r, i, err) => (
            <>
              <div class="inline">
                <Text label="Label the shopper reads" value={r.label} onInput={row("reasons", i)("label")} error={err("label")} />
                <Text
                  label="Code"
                  hint="Lower-case letters, digits, _ or -"
                  value={r.code}
                  onInput={row("reasons", i)("code")}
                  error={err("code")}
                />
                <Text
                  label="Follow-up question (optional)"
                  value={r.question}
                  onInput={row("reasons", i)("question")}
                  error={err("question")}
                />
              </div>
              <Check label="Photo required" checked={r.photoRequired} onChange={row("reasons", i)("photoRequired")} />
              <OutcomeChecks
                legend="Outcomes this reason allows"
                value={r.outcomes}
                onChange={row("reasons", i)("outcomes")}
                error={err("outcomes")}
              />
            </>
          )}
        />
      </Section>
      <Section title="Review and refusal rules">
        <p class="muted small">Send a return to review, or refuse it, when any condition given holds.</p>
        <Rows
          what="Review rule"
          base="reviewRules"
          rows={f.reviewRules}
          errors={e}
          onAdd={() =>
            add("reviewRules", {
              name: "",
              action: "review",
              valueAbove: "",
              returnsInDays: "",
              returnsAbove: "",
              reasonCodes: "",
              orderTags: "",
              shopperMessage: "",
            })
          }
          onRemove={remove("reviewRules")}
          render={(r, i, err) => (
            <div class="inline">
              <Text label="Name" value={r.name} onInput={row("reviewRules", i)("name")} error={err("name")} />
              <Field label="What happens" error={err("action")}>
                <select value={r.action} onChange={(ev) => row("reviewRules", i)("action")(val(ev))}>
                  <option value="review">Send to review</option>
                  <option value="refuse">Refuse</option>
                </select>
              </Field>
              <Text
                label="When worth more than"
                hint={`In ${cur}`}
                value={r.valueAbove}
                onInput={row("reviewRules", i)("valueAbove")}
                error={err("valueAbove")}
                inputMode="decimal"
              />
              <Text
                label="When the customer made more returns than"
                value={r.returnsAbove}
                onInput={row("reviewRules", i)("returnsAbove")}
                error={err("returnsAbove")}
                inputMode="numeric"
              />
              <Text
                label="…in the last (days)"
                value={r.returnsInDays}
                onInput={row("reviewRules", i)("returnsInDays")}
                error={err("returnsInDays")}
                inputMode="numeric"
              />
              <Text
                label="When the reason code is"
                hint="Comma-separated codes"
                value={r.reasonCodes}
                onInput={row("reviewRules", i)("reasonCodes")}
                error={err("reasonCodes")}
              />
              <Text
                label="When the order is tagged"
                hint="Comma-separated"
                value={r.orderTags}
                onInput={row("reviewRules", i)("orderTags")}
                error={err("orderTags")}
              />
              <Text
                label="Message to the shopper"
                value={r.shopperMessage}
                onInput={row("reviewRules", i)("shopperMessage")}
                error={err("shopperMessage")}
              />
            </div>
          )}
        />
      </Section>
    </>
  );
}
