// A return's money ledger on its page: what was paid, where and when, in the merchant's words; a push to the shop
// that failed with the shop's answer and a Retry button; each attempt with its answer.
import { Badge, ErrorMessage, MoneyText, Section, Time, useMutation } from "../ui";
import { RETRY_RETURN_LEDGER_ENTRY } from "./return-ledger.ops";
import type { LedgerEntry, ReturnDetail } from "./returns-shared";

const KIND_WORDS: Record<LedgerEntry["kind"], string> = {
  refund: "Refund",
  store_credit: "Store credit",
  bonus: "Bonus on the store credit",
  fee: "Return fee kept back",
  exchange_difference: "Exchange price difference",
  exchange_order: "Exchange order",
  restock: "Restock",
};

/** Goods, not money: an exchange order placed in the shop, units restocked there. */
const isGoods = (e: LedgerEntry) => e.kind === "exchange_order" || e.kind === "restock";

const REFERENCE_WORDS: Partial<Record<LedgerEntry["kind"], string>> = {
  store_credit: "promotion",
  exchange_order: "order",
  restock: "variant",
};

function where(e: LedgerEntry) {
  if (e.kind === "fee") return "Kept back from the refund";
  if (e.kind === "exchange_order") return "As a new order in your shop, at no charge to the shopper";
  if (e.kind === "restock") return "Back in your shop's stock";
  if (e.destination === "shop")
    return e.kind === "store_credit" ? "As a discount code your shop's checkout accepts" : "To the original payment, in your shop";
  if (e.destination === "store_credit") return e.shopReference ? `On gift card ${e.shopReference}` : "As a gift card";
  return "Recorded only: no shop is connected to pay it, so pay it yourself";
}

function StateText({ e }: { e: LedgerEntry }) {
  switch (e.state) {
    case "sent":
      return (
        <>
          <Badge tone="good">{isGoods(e) ? "Done" : "Paid"}</Badge> <Time value={e.sentAt} />
          {e.destination === "shop" && e.shopReference ? (
            <>
              {" "}
              · your shop's {REFERENCE_WORDS[e.kind] ?? "refund"} {e.shopReference}
            </>
          ) : null}
        </>
      );
    case "pending":
      return (
        <>
          <Badge tone="info">Being sent to your shop</Badge>
          {e.attempts > 0 && e.nextAttemptAt ? (
            <>
              {" "}
              · tried {e.attempts} {e.attempts === 1 ? "time" : "times"}, next at <Time value={e.nextAttemptAt} />
            </>
          ) : null}
        </>
      );
    case "failed":
      return (
        <>
          <Badge tone="bad">{isGoods(e) ? "Not done" : "Not paid"}</Badge> {e.lastError}
        </>
      );
    default:
      return (
        <>
          <Badge tone="neutral">Recorded</Badge> <Time value={e.createdAt} />
        </>
      );
  }
}

export function LedgerSection({
  ret,
  itemTitle,
  onRetried,
}: {
  ret: ReturnDetail;
  itemTitle: (itemId: string) => string | null;
  onRetried: (entry: LedgerEntry) => void;
}) {
  const retry = useMutation<{ retryReturnLedgerEntry: LedgerEntry }>(RETRY_RETURN_LEDGER_ENTRY);
  if (!ret.ledger.length) return null;
  const again = async (id: string) => {
    const res = await retry.run({ id });
    if (res) onRetried(res.retryReturnLedgerEntry);
  };
  return (
    <Section title="Money paid and kept">
      <ul class="plain" aria-label={`Money movements of return ${ret.number ?? ""}`.trim()}>
        {ret.ledger.map((e) => {
          const item = e.returnItemId ? itemTitle(e.returnItemId) : null;
          return (
            <li key={e.id}>
              <strong>{KIND_WORDS[e.kind]}</strong>
              {e.kind === "restock" ? null : (
                <>
                  {" "}
                  of <MoneyText value={e.amount} />
                </>
              )}
              {item ? <> for {item}</> : null} · {where(e)}
              <div>
                <StateText e={e} />{" "}
                {e.state === "failed" && (
                  <button type="button" class="secondary small" disabled={retry.busy} onClick={() => again(e.id)}>
                    {retry.busy ? "Retrying…" : "Retry"}
                  </button>
                )}
              </div>
              {e.attemptLog.length > 0 && (
                <details>
                  <summary>
                    {e.attemptLog.length} {e.attemptLog.length === 1 ? "attempt" : "attempts"} with your shop
                  </summary>
                  <ul class="plain small">
                    {e.attemptLog.map((a) => (
                      <li>
                        <Time value={a.at} />: {a.ok ? "went through" : "did not go through"}. {a.answer}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorMessage error={retry.error} />
    </Section>
  );
}
