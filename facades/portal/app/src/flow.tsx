// The return flow, one step at a time: find the order, choose items, a reason each, an outcome each, how it
// goes back, review and submit, confirmation. Each step sends what the shopper chose to the core and shows
// what it answers (eligibility, offers, amounts, refusals); nothing here decides a rule.
import { useEffect, useRef, useState } from "preact/hooks";
import { ADD, ApiError, type Draft, gql, OPEN, type Portal, READ, REMOVE, session } from "./api";
import { type Call, type Issue, type Step, STEP_COUNT, type StepProps, issuesOf, placeIssues, secondWord } from "./issues";
import { MethodStep, OutcomesStep, ReasonsStep, ReviewStep } from "./steps";
import { decisionWords } from "./decisions";
import { currentLang, described, FieldError, money, StepHeading, t, useEdited } from "./ui";

const DRAFT_OF = (data: Record<string, unknown>) => Object.values(data)[0] as Draft;

export function Flow({ portal, params }: { portal: Portal; params: URLSearchParams }) {
  const [step, setStep] = useState<Step | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [issues, setIssues] = useState<Issue[]>([]);
  const stepRef = useRef<Step | null>(null);
  stepRef.current = step;

  const go = (s: Step) => {
    setIssues([]);
    setStep(s);
    window.scrollTo(0, 0);
  };

  const run: StepProps["run"] = async (work) => {
    setBusy(true);
    setIssues([]);
    const call: Call = async <T,>(query: string, variables: Record<string, unknown>, itemId?: string) => {
      try {
        const data = await gql<T>(query, variables, session.get(portal.handle));
        const d = DRAFT_OF((data ?? {}) as Record<string, unknown>);
        if (d && typeof d === "object" && "items" in d) setDraft(d);
        return data;
      } catch (err) {
        throw Object.assign(err as Error, { itemId });
      }
    };
    try {
      await work(call);
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setIssues(issuesOf(err, (err as ApiError & { itemId?: string }).itemId ?? null, draft, stepRef.current ?? "lookup", portal));
      return false;
    } finally {
      setBusy(false);
    }
  };

  // A session already open in this tab: carry on where the draft is.
  useEffect(() => {
    if (!session.get(portal.handle)) return void setStep("lookup");
    void (async () => {
      const ok = await run(async (call) => {
        const d = DRAFT_OF(await call(READ, {}));
        // A link for another order than the session's (the shopper's next return, another order's email): that
        // order, looked up afresh. The same order's link (a reload, the language link) carries on where the draft is.
        const linked = params.get("order");
        if (linked && normalName(linked) !== normalName(d.orderName)) {
          session.clear(portal.handle);
          setDraft(null);
          setStep("lookup");
          return;
        }
        linkLookedUp = true;
        setStep(d.state === "created" ? "items" : d.state === "items_finalized" ? "method" : d.state === "submitted" ? "done" : "lookup");
      });
      if (!ok) {
        session.clear(portal.handle);
        setStep("lookup");
      }
    })();
  }, []);

  if (!step) return <p role="status">{t("loading")}</p>;
  const restart = () => {
    session.clear(portal.handle);
    setDraft(null);
    go("lookup");
  };
  const placed = placeIssues(issues, step);
  const props = { portal, busy, issues: placed, run, go };
  const top = placed.filter((i) => i.top);
  return (
    <div class="flow">
      {step === "lookup" ? (
        <Lookup {...props} params={params} />
      ) : !draft ? null : step === "items" ? (
        <Items {...props} draft={draft} />
      ) : step === "reasons" ? (
        <ReasonsStep {...props} draft={draft} />
      ) : step === "outcomes" ? (
        <OutcomesStep {...props} draft={draft} />
      ) : step === "method" ? (
        <MethodStep {...props} draft={draft} />
      ) : step === "review" ? (
        <ReviewStep {...props} draft={draft} />
      ) : (
        <Done draft={draft} again={restart} />
      )}
      {top.length > 0 && (
        <div class="problem" role="alert">
          {top.map((i) => (
            <p key={i.text}>{i.text}</p>
          ))}
          {top.some((i) => i.restart) && (
            <button type="button" onClick={restart}>
              {t("startOver")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

let linkLookedUp = false;

function Lookup(props: Omit<StepProps, "draft"> & { params: URLSearchParams }) {
  const { portal, params, issues } = props;
  const [order, setOrder] = useState(params.get("order") ?? "");
  const [second, setSecond] = useState(params.get(portal.lookupMethod === "postal_code" ? "zip" : "email") ?? params.get("zip") ?? "");
  const [missing, setMissing] = useState<{ order?: string; second?: string }>({});
  const secondWordText = secondWord(portal);
  const edited = useEdited(issues);
  const find = async () => {
    edited.reset();
    const m = {
      order: order.trim() ? undefined : t("needOrder"),
      second: second.trim() ? undefined : t("needSecond", { second: secondWordText }),
    };
    setMissing(m);
    if (m.order || m.second) return;
    await props.run(async (call) => {
      session.clear(portal.handle);
      const opened = await call<{ openShopperSession: { token: string } }>(OPEN, {
        store: portal.handle,
        input: { orderName: order.trim(), secondaryInput: second.trim(), language: currentLang() },
      });
      session.set(portal.handle, opened.openShopperSession.token);
      await call(READ, {});
      props.go("items");
    });
  };
  // Opened from a link that names the order (?order=…&email=… or zip=…): look it up at once, once per page
  // (starting again shows the form, filled in).
  useEffect(() => {
    if (!linkLookedUp && order && second) {
      linkLookedUp = true;
      void find();
    }
  }, []);
  // An error stays only while it holds: an empty field's until it is filled, the core's until either field changes.
  const changed = edited.has("lookup", "order") || edited.has("lookup", "second");
  const orderError = (order.trim() ? undefined : missing.order) ?? (changed ? undefined : issues.find((i) => i.key === "orderName")?.text);
  const secondError =
    (second.trim() ? undefined : missing.second) ?? (changed ? undefined : issues.find((i) => i.key === "secondaryInput")?.text);
  const secondLabel = t(portal.lookupMethod === "email" ? "email" : portal.lookupMethod === "postal_code" ? "postalCode" : "emailOrZip");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void find();
      }}
      noValidate
    >
      <StepHeading step={[1, STEP_COUNT]}>{t("lookupHeading")}</StepHeading>
      <p>{t("lookupIntro", { second: secondWordText })}</p>
      <div class="field">
        <label for="order">{t("orderName")}</label>
        <p class="hint" id="order-hint">
          {t("orderHint")}
        </p>
        <input
          {...described("order", orderError, true)}
          aria-describedby={["order-hint", orderError ? "order-error" : secondError && !missing.second ? "second-error" : ""]
            .join(" ")
            .trim()}
          name="order"
          autocomplete="off"
          value={order}
          onInput={(e) => {
            setOrder(e.currentTarget.value);
            edited.mark("lookup", "order");
          }}
        />
        <FieldError id="order-error" text={orderError} />
      </div>
      <div class="field">
        <label for="second">{secondLabel}</label>
        <input
          {...described("second", secondError)}
          name="second"
          type={portal.lookupMethod === "email" ? "email" : "text"}
          autocomplete={portal.lookupMethod === "postal_code" ? "postal-code" : portal.lookupMethod === "email" ? "email" : "on"}
          value={second}
          onInput={(e) => {
            setSecond(e.currentTarget.value);
            edited.mark("lookup", "second");
          }}
        />
        <FieldError id="second-error" text={secondError} />
      </div>
      <button type="submit" class="primary" disabled={props.busy}>
        {props.busy ? t("finding") : t("find")}
      </button>
    </form>
  );
}

function Items(props: StepProps) {
  const { draft, issues } = props;
  const [picks, setPicks] = useState<Record<string, number>>(() =>
    Object.fromEntries(draft.items.map((it) => [it.lineItemId, it.quantity])),
  );
  const [none, setNone] = useState(false);
  const edited = useEdited(issues);
  const next = async () => {
    edited.reset();
    const chosen = Object.entries(picks).filter(([, q]) => q > 0);
    setNone(!chosen.length);
    if (!chosen.length) return;
    const ok = await props.run(async (call) => {
      for (const item of draft.items) if (picks[item.lineItemId] !== item.quantity) await call(REMOVE, { item: item.id }, item.id);
      for (const [lineItemId, quantity] of chosen)
        if (!draft.items.some((it) => it.lineItemId === lineItemId && it.quantity === quantity))
          await call(ADD, { input: { lineItemId, quantity } }, lineItemId);
    });
    if (ok) props.go(draft.reasons.length ? "reasons" : "outcomes");
  };
  // "Choose at least one item" holds only while none is chosen.
  const noneShown = none && !Object.values(picks).some((q) => q > 0);
  return (
    <div>
      <StepHeading step={[2, STEP_COUNT]}>{t("itemsHeading")}</StepHeading>
      <p>{t("itemsIntro", { order: draft.orderName })}</p>
      <ul class="lines" aria-describedby={noneShown ? "items-error" : undefined}>
        {draft.lines.map((line) => {
          const id = `line-${line.lineItemId}`;
          const picked = (picks[line.lineItemId] ?? 0) > 0;
          const error = edited.has(line.lineItemId, "quantity")
            ? null
            : issues.find((i) => i.itemId === line.lineItemId || (i.key === "quantity" && i.lineItemId === line.lineItemId))?.text;
          const name = `${line.title}${line.variantTitle ? ` – ${line.variantTitle}` : ""}`;
          return (
            <li key={line.lineItemId} class={line.returnableQuantity ? "line" : "line refused"}>
              <p class="title">{name}</p>
              <p class="meta">{t("each", { amount: money(line.unitPrice) })}</p>
              {line.returnableQuantity > 0 ? (
                <>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={picked}
                      aria-describedby={`${id}-msg`}
                      onChange={(e) => {
                        setPicks({ ...picks, [line.lineItemId]: e.currentTarget.checked ? 1 : 0 });
                        edited.mark(line.lineItemId, "quantity");
                      }}
                    />{" "}
                    {t("returnThis")}
                    <span class="visually-hidden">: {name}</span>
                  </label>
                  <p class="hint" id={`${id}-msg`}>
                    {[t("upTo", { n: line.returnableQuantity }), line.decision && decisionWords(line.decision, currentLang())]
                      .filter(Boolean)
                      .join(" ")}
                  </p>
                  {picked && line.returnableQuantity > 1 && (
                    <div class="field">
                      <label for={`${id}-qty`}>{t("quantity")}</label>
                      <select
                        {...described(`${id}-qty`, error)}
                        value={picks[line.lineItemId]}
                        onChange={(e) => setPicks({ ...picks, [line.lineItemId]: Number(e.currentTarget.value) })}
                      >
                        {Array.from({ length: line.returnableQuantity }, (_, i) => i + 1).map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  <FieldError id={`${id}-qty-error`} text={error} />
                </>
              ) : (
                <p class="refusal">
                  <strong>{t("notReturnable")}</strong>: {line.decision ? decisionWords(line.decision, currentLang()) : ""}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <FieldError id="items-error" text={noneShown ? t("needItem") : null} />
      <div class="actions">
        <button type="button" class="primary" disabled={props.busy} onClick={() => void next()}>
          {t("continue")}
        </button>
        <button type="button" onClick={() => props.go("lookup")}>
          {t("back")}
        </button>
      </div>
    </div>
  );
}

function Done({ draft, again }: { draft: Draft; again: () => void }) {
  return (
    <div>
      <StepHeading>{t("doneHeading")}</StepHeading>
      <p>{t("doneText")}</p>
      <div class="actions">
        {draft.statusPath && (
          <a class="button primary" href={`${draft.statusPath}?lang=${currentLang()}`}>
            {t("statusLink")}
          </a>
        )}
        <button type="button" onClick={again}>
          {t("anotherReturn")}
        </button>
      </div>
    </div>
  );
}

/** "#1001", "1001" and " #1001 " name the same order (as the core's lookup reads them). */
const normalName = (s: string) => s.trim().replace(/^#/, "").trim().toLowerCase();
