// A customer's store credit, card by card, on the customer page: what each gift card was issued for, every time it
// was spent at checkout and every time a spend was put back, with the balance after each, in the merchant's words.
// Times in the store's zone with the zone named; amounts as the core formats them, signed by the way they moved.
import { Empty, Link, MoneyText, QueryView, Section, StoreZone, Table, Time, useQuery } from "../ui";
import { CUSTOMER_GIFT_CARDS } from "./customer-credit.ops";

type Money = { amount: string; currency: string };
export interface GiftCardEntry {
  id: string;
  kind: "issue" | "redemption" | "reversal";
  amount: Money;
  balanceAfter: Money;
  reference: string | null;
  reversed: boolean;
  createdAt: string;
}
interface Card {
  id: string;
  code: string;
  returnId: string;
  createdAt: string;
  amount: Money;
  balance: Money;
  account: { history: GiftCardEntry[] };
}

/** What a movement was, as the merchant says it. */
export function movementWords(e: GiftCardEntry): string {
  if (e.kind === "issue") return "Issued for a return";
  if (e.kind === "redemption") return e.reversed ? "Spent at checkout, then put back" : "Spent at checkout";
  return "Put back on the card (checkout failed or order cancelled)";
}

/** The amount with the way it moved the balance: "+41.00 USD" onto the card, "−12.50 USD" off it. */
function signed(e: GiftCardEntry) {
  const sign = e.kind === "redemption" ? "−" : "+";
  return (
    <span class="money">
      {sign}
      {e.amount.amount} {e.amount.currency}
    </span>
  );
}

/** A card's movements, newest first: when, what, by how much, the balance after, the storefront's reference. */
export function GiftCardHistory({ code, history }: { code: string; history: GiftCardEntry[] }) {
  return (
    <Table
      caption={`History of gift card ${code}`}
      rows={history}
      rowKey={(e) => e.id}
      empty={<Empty title="No movements yet" />}
      columns={[
        { label: "When", render: (e) => <Time value={e.createdAt} /> },
        { label: "What", render: movementWords },
        { label: "Amount", render: signed },
        { label: "Balance after", render: (e) => <MoneyText value={e.balanceAfter} /> },
        { label: "Your reference", render: (e) => (e.kind === "issue" ? "—" : (e.reference ?? "—")) },
      ]}
    />
  );
}

function CardHistory({ card }: { card: Card }) {
  return (
    <div class="gift-card">
      <h3>
        Gift card <code>{card.code}</code>: <MoneyText value={card.balance} /> left of <MoneyText value={card.amount} />
      </h3>
      <p class="muted small">
        Issued by <Link href={`/returns/${encodeURIComponent(card.returnId)}`}>this return</Link> on <Time value={card.createdAt} />.
      </p>
      <GiftCardHistory code={card.code} history={card.account.history} />
    </div>
  );
}

/** The customer's gift cards and each one's history; nothing when they hold none. */
export function CustomerCredit({ storeId, customerId }: { storeId: string; customerId: string }) {
  const q = useQuery<{ customer: { giftCards: Card[] } | null; store: { timeZone: string } | null }>(CUSTOMER_GIFT_CARDS, {
    storeId,
    id: customerId,
  });
  return (
    <QueryView state={q} label="Loading store credit…">
      {(data) =>
        data.customer?.giftCards.length ? (
          <StoreZone.Provider value={data.store?.timeZone ?? "UTC"}>
            <Section title="Store credit history">
              {data.customer.giftCards.map((card) => (
                <CardHistory key={card.id} card={card} />
              ))}
            </Section>
          </StoreZone.Provider>
        ) : null
      }
    </QueryView>
  );
}
