// Steps 3 to 6 of the flow: a reason per item (with its question or photo), an outcome per item among the
// core's offers (with amounts; exchange with a variant picker showing stock), how it goes back, review and submit.
import { useRef, useState } from "preact/hooks";
import { countryName } from "../../../../src/core/country-name.js";
import { type Draft, FINALIZE, type Item, METHOD, type Offer, PHOTO, SUBMIT, UPDATE } from "./api";
import { STEP_COUNT, type StepProps } from "./issues";
import { photoForUpload } from "./photo";
import { currentLang, described, FieldError, money, StepHeading, t, useEdited } from "./ui";
import type { Key } from "./catalogue";

const itemName = (draft: Draft, item: Item) => {
  const line = draft.lines.find((l) => l.lineItemId === item.lineItemId);
  return `${item.title}${line?.variantTitle ? ` – ${line.variantTitle}` : ""}${item.quantity > 1 ? ` × ${item.quantity}` : ""}`;
};

function Actions(props: { busy: boolean; next: () => void; back?: () => void; label?: string }) {
  return (
    <div class="actions">
      <button type="button" class="primary" disabled={props.busy} aria-disabled={props.busy} onClick={props.next}>
        {props.label ?? t("continue")}
      </button>
      {props.back && (
        <button type="button" onClick={props.back}>
          {t("back")}
        </button>
      )}
    </div>
  );
}

export function ReasonsStep(props: StepProps) {
  const { draft, issues } = props;
  const [edits, setEdits] = useState<Record<string, { reason: string; answer: string }>>(() =>
    Object.fromEntries(draft.items.map((it) => [it.id, { reason: it.reasonCode ?? "", answer: it.answer ?? "" }])),
  );
  const [missing, setMissing] = useState<Record<string, { key: string; text: string }>>({});
  const [sending, setSending] = useState<string | null>(null);
  const edited = useEdited(issues);
  const reasonOf = (code: string) => draft.reasons.find((r) => r.code === code);
  const errorAt = (itemId: string, key: string) => {
    if (edited.has(itemId, key)) return null;
    // "Add a photo" holds only while the item has none.
    const gap = missing[itemId]?.key === key && !(key === "photos" && draft.items.find((i) => i.id === itemId)?.photos.length);
    return (gap ? missing[itemId]!.text : null) ?? issues.find((i) => i.itemId === itemId && i.key === key)?.text;
  };

  const upload = async (item: Item, file: File | undefined) => {
    if (!file) return;
    setSending(item.id);
    await props.run(async (call) => {
      await call(PHOTO, { item: item.id, content: await photoForUpload(file) }, item.id);
    });
    setSending(null);
  };
  const next = async () => {
    edited.reset();
    const gaps: typeof missing = {};
    for (const it of draft.items) {
      const e = edits[it.id];
      const r = reasonOf(e.reason);
      if (!r) gaps[it.id] = { key: "reasonCode", text: t("needReason") };
      else if (r.question && !e.answer.trim()) gaps[it.id] = { key: "answer", text: t("needAnswer") };
      else if (r.photoRequired && !it.photos.length) gaps[it.id] = { key: "photos", text: t("needPhoto") };
    }
    setMissing(gaps);
    if (Object.keys(gaps).length) return;
    const ok = await props.run(async (call) => {
      for (const it of draft.items) {
        const e = edits[it.id];
        const input = { reasonCode: e.reason, ...(reasonOf(e.reason)?.question ? { answer: e.answer.trim() } : {}) };
        await call(UPDATE, { item: it.id, input }, it.id);
      }
    });
    if (ok) props.go("outcomes");
  };
  return (
    <div>
      <StepHeading step={[3, STEP_COUNT]}>{t("reasonsHeading")}</StepHeading>
      {draft.items.map((it) => {
        const e = edits[it.id];
        const r = reasonOf(e.reason);
        const id = `reason-${it.id}`;
        const set = (patch: Partial<typeof e>) => {
          setEdits({ ...edits, [it.id]: { ...e, ...patch } });
          // A new reason asks its own question and photo; a new answer answers.
          edited.mark(it.id, ...(patch.reason !== undefined ? ["reasonCode", "answer", "photos"] : ["answer"]));
        };
        return (
          <fieldset key={it.id} class="card">
            <legend>{itemName(draft, it)}</legend>
            <div class="field">
              <label for={id}>{t("reason")}</label>
              <select
                {...described(id, errorAt(it.id, "reasonCode"))}
                value={e.reason}
                onChange={(ev) => set({ reason: ev.currentTarget.value })}
              >
                <option value="">{t("chooseReason")}</option>
                {draft.reasons.map((x) => (
                  <option key={x.code} value={x.code}>
                    {x.label}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-error`} text={errorAt(it.id, "reasonCode")} />
            </div>
            {r?.question && (
              <div class="field">
                <label for={`${id}-answer`}>{r.question}</label>
                <input
                  {...described(`${id}-answer`, errorAt(it.id, "answer"))}
                  value={e.answer}
                  maxLength={1000}
                  onInput={(ev) => set({ answer: ev.currentTarget.value })}
                />
                <FieldError id={`${id}-answer-error`} text={errorAt(it.id, "answer")} />
              </div>
            )}
            {r?.photoRequired && (
              <div class="field">
                <label for={`${id}-photo`}>{t("photo")}</label>
                <p class="hint" id={`${id}-photo-hint`}>
                  {t("photoHint")}
                </p>
                <input
                  {...described(`${id}-photo`, errorAt(it.id, "photos"), true)}
                  type="file"
                  accept="image/*"
                  disabled={sending === it.id}
                  onChange={(ev) => void upload(it, ev.currentTarget.files?.[0])}
                />
                <p role="status" class="hint">
                  {sending === it.id ? t("photoSending") : it.photos.length ? t("photoAdded") : ""}
                </p>
                {it.photos.length > 0 && (
                  <ul class="photos">
                    {it.photos.map((src, n) => (
                      <li key={src}>
                        <img src={src} alt={`${t("photo")} ${n + 1}`} />
                      </li>
                    ))}
                  </ul>
                )}
                <FieldError id={`${id}-photo-error`} text={errorAt(it.id, "photos")} />
              </div>
            )}
          </fieldset>
        );
      })}
      <Actions busy={props.busy || !!sending} next={() => void next()} back={() => props.go("items")} />
    </div>
  );
}

/** An amount other than zero, read from its decimal text (no float). */
const nonZero = (m: { amount: string }) => /[1-9]/.test(m.amount);

function offerText(o: Offer): string {
  const extras = [
    nonZero(o.bonus) ? t("bonusIncluded", { amount: money(o.bonus) }) : "",
    nonZero(o.fees) ? t("feeDeducted", { amount: money(o.fees) }) : "",
  ].filter(Boolean);
  return `${t("youGet", { amount: money(o.total) })}${extras.length ? ` (${extras.join(", ")})` : ""}`;
}

export function OutcomesStep(props: StepProps) {
  const { draft, issues } = props;
  const [edits, setEdits] = useState<Record<string, { outcome: string; variant: string }>>(() =>
    Object.fromEntries(draft.items.map((it) => [it.id, { outcome: it.outcome ?? "", variant: it.exchangeSku ?? "" }])),
  );
  const [missing, setMissing] = useState<Record<string, { key: string; text: string }>>({});
  const edited = useEdited(issues);
  const errorAt = (itemId: string, key: string) =>
    edited.has(itemId, key)
      ? null
      : ((missing[itemId]?.key === key ? missing[itemId].text : null) ?? issues.find((i) => i.itemId === itemId && i.key === key)?.text);
  const next = async () => {
    edited.reset();
    const gaps: typeof missing = {};
    for (const it of draft.items) {
      const e = edits[it.id];
      if (!e.outcome) gaps[it.id] = { key: "outcome", text: t("needOutcome") };
      else if (e.outcome === "exchange" && !e.variant) gaps[it.id] = { key: "exchangeVariant", text: t("needVariant") };
    }
    setMissing(gaps);
    if (Object.keys(gaps).length) return;
    const ok = await props.run(async (call) => {
      for (const it of draft.items) {
        const e = edits[it.id];
        await call(
          UPDATE,
          { item: it.id, input: { outcome: e.outcome, ...(e.outcome === "exchange" ? { exchangeVariant: e.variant } : {}) } },
          it.id,
        );
      }
      await call(FINALIZE, {});
    });
    if (ok) props.go("method");
  };
  return (
    <div>
      <StepHeading step={[4, STEP_COUNT]}>{t("outcomesHeading")}</StepHeading>
      {draft.items.map((it) => {
        const e = edits[it.id];
        const line = draft.lines.find((l) => l.lineItemId === it.lineItemId);
        const id = `outcome-${it.id}`;
        const outcomeError = errorAt(it.id, "outcome");
        const variantError = errorAt(it.id, "exchangeVariant");
        const set = (patch: Partial<typeof e>) => {
          setEdits({ ...edits, [it.id]: { ...e, ...patch } });
          edited.mark(it.id, ...(patch.outcome !== undefined ? ["outcome", "exchangeVariant"] : ["exchangeVariant"]));
        };
        return (
          <fieldset key={it.id} class="card" aria-describedby={outcomeError ? `${id}-error` : undefined}>
            <legend>{t("outcomeFor", { title: itemName(draft, it) })}</legend>
            {it.offers.map((o) => (
              <label key={o.outcome} class="choice">
                <input
                  type="radio"
                  name={id}
                  value={o.outcome}
                  checked={e.outcome === o.outcome}
                  onChange={() => set({ outcome: o.outcome })}
                />
                <span>
                  <strong>{t(o.outcome as Key)}</strong>
                  <span class="meta">{offerText(o)}</span>
                </span>
              </label>
            ))}
            <FieldError id={`${id}-error`} text={outcomeError} />
            {e.outcome === "exchange" && line && (
              <div class="field">
                <label for={`${id}-variant`}>{t("variant")}</label>
                <p class="hint" id={`${id}-variant-hint`}>
                  {line.exchangeStock === "shop_unavailable" ? t("stockUnavailable") : t("variantsOut")}
                </p>
                <select
                  {...described(`${id}-variant`, variantError, true)}
                  value={e.variant}
                  onChange={(ev) => set({ variant: ev.currentTarget.value })}
                >
                  <option value="">{t("chooseVariant")}</option>
                  {line.exchangeVariants.map((v) => (
                    <option key={v.sku} value={v.sku} disabled={!v.inStock}>
                      {v.inStock ? v.title : t("outOfStock", { title: v.title })}
                    </option>
                  ))}
                </select>
                <FieldError id={`${id}-variant-error`} text={variantError} />
              </div>
            )}
          </fieldset>
        );
      })}
      <Actions busy={props.busy} next={() => void next()} back={() => props.go(draft.reasons.length ? "reasons" : "items")} />
    </div>
  );
}

/** The portal's return methods as the draft names them. */
const DRAFT_METHOD: Record<string, string> = { prepaid_label: "label", drop_off_qr: "drop_off", ship_yourself: "ship_yourself" };
const PORTAL_METHOD = Object.fromEntries(Object.entries(DRAFT_METHOD).map(([k, v]) => [v, k]));

export function MethodStep(props: StepProps) {
  const { draft, portal } = props;
  const [method, setMethod] = useState(draft.returnMethod ? (PORTAL_METHOD[draft.returnMethod] ?? "") : "");
  const [missing, setMissing] = useState(false);
  const next = async () => {
    setMissing(!method);
    if (!method) return;
    if (await props.run(async (call) => void (await call(METHOD, { method: DRAFT_METHOD[method] })))) props.go("review");
  };
  const a = portal.returnAddress;
  return (
    <div>
      <StepHeading step={[5, STEP_COUNT]}>{t("methodHeading")}</StepHeading>
      <fieldset class="card" aria-describedby={missing && !method ? "method-error" : undefined}>
        <legend>{t("methodHeading")}</legend>
        {portal.returnMethods.map((m) => (
          <label key={m} class="choice">
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
            <span>
              <strong>{t(m as Key)}</strong>
              <span class="meta">{t(`${m}_hint` as Key)}</span>
              {m === "ship_yourself" && a && <span class="address">{[...a.lines, countryName(a.country, currentLang())].join(", ")}</span>}
            </span>
          </label>
        ))}
        <FieldError id="method-error" text={missing && !method ? t("needMethod") : null} />
      </fieldset>
      <Actions busy={props.busy} next={() => void next()} />
    </div>
  );
}

export function ReviewStep(props: StepProps) {
  const { draft } = props;
  const once = useRef(false);
  const tot = draft.totals;
  const rows: [Key, typeof tot.fees][] = [
    ["returnTotal", tot.returnTotal],
    ["fees", tot.fees],
    ["bonus", tot.bonus],
    ["refundTotal", tot.refund],
    ["creditTotal", tot.storeCredit],
    ["exchangeTotal", tot.exchange],
  ];
  const submit = async () => {
    // One click makes one return: the button is disabled at once, and the core answers a second submit with the same return.
    if (once.current) return;
    once.current = true;
    const ok = await props.run(async (call) => void (await call(SUBMIT, {})));
    once.current = false;
    if (ok) props.go("done");
  };
  const method = draft.returnMethod ? PORTAL_METHOD[draft.returnMethod] : null;
  return (
    <div>
      <StepHeading step={[6, STEP_COUNT]}>{t("reviewHeading")}</StepHeading>
      <h2>{t("reviewItems")}</h2>
      <ul class="summary">
        {draft.items.map((it) => {
          const offer = it.offers.find((o) => o.outcome === it.outcome);
          const reason = draft.reasons.find((r) => r.code === it.reasonCode);
          const variant = draft.lines.find((l) => l.lineItemId === it.lineItemId)?.exchangeVariants.find((v) => v.sku === it.exchangeSku);
          return (
            <li key={it.id}>
              <strong>{itemName(draft, it)}</strong>
              {reason && <span class="meta">{reason.label}</span>}
              <span>
                {it.outcome ? t(it.outcome as Key) : ""}
                {variant ? ` → ${variant.title}` : ""}
                {offer ? ` · ${money(offer.total)}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
      <table class="totals">
        <tbody>
          {rows
            .filter(([k, m]) => k === "returnTotal" || nonZero(m))
            .map(([k, m]) => (
              <tr key={k}>
                <th scope="row">{t(k)}</th>
                <td>{money(m)}</td>
              </tr>
            ))}
          {method && (
            <tr>
              <th scope="row">{t("method")}</th>
              <td>{t(method as Key)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <Actions
        busy={props.busy}
        next={() => void submit()}
        back={() => props.go("method")}
        label={props.busy ? t("submitting") : t("submit")}
      />
    </div>
  );
}
