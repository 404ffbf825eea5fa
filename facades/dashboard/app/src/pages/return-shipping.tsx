// A return's page, how it goes back and what it gives: the shipping section (the prepaid label and its tracking,
// the drop-off code, or the shopper shipping it to the store's return address), the store credit the return issued
// (its gift cards, the code in full: the merchant reads it to the shopper or enters it at the till; what each has left
// and its history), and the words
// for what an exchanged line is exchanged for.
import type { ComponentChildren } from "preact";
import { Details, MoneyText, Section } from "../ui";
import type { ReturnDetail, ReturnItem } from "./returns-shared";
import { GiftCardHistory } from "./customer-credit";

/** "Organic tee – L" (× 2 when more than one): what an exchange line is given instead; null for other lines. */
export function exchangeText(item: ReturnItem): string | null {
  const x = item.exchangeItem;
  if (!x) return null;
  const product = x.product?.name ?? null;
  const variant = x.variant?.name && x.variant.name !== product ? x.variant.name : null;
  const name = [product, variant].filter(Boolean).join(" – ") || (x.variant?.sku ? `SKU ${x.variant.sku}` : "another variant");
  return x.quantity > 1 ? `${name} × ${x.quantity}` : name;
}

function link(href: string, text: string) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/** The prepaid label's carrier, tracking and documents, as the core's shipment gives them. */
function LabelDetails({ shipment }: { shipment: NonNullable<ReturnDetail["shipment"]> }) {
  return (
    <Details
      items={[
        ["Carrier", shipment.carrier ?? "—"],
        ["Tracking number", shipment.tracker ?? "—"],
        ["Tracking", shipment.trackingUrl ? link(shipment.trackingUrl, "Track the parcel") : "No tracking link"],
        ["Label", shipment.postageLabel ? link(shipment.postageLabel, "Open the postage label") : "No postage label"],
        ...(shipment.formLabel ? ([["Form", link(shipment.formLabel, "Open the customs form")]] as [string, ComponentChildren][]) : []),
      ]}
    />
  );
}

export function ShippingSection({ ret }: { ret: ReturnDetail }) {
  const how = ret.shipping;
  let body: ComponentChildren;
  if (how?.method === "drop_off_qr") {
    body = (
      <Details
        items={[
          ["How it goes back", "Dropped off at a drop-off point with a QR code (no label to print)"],
          ["Drop-off code", <code>{how.dropOffCode ?? "—"}</code>],
        ]}
      />
    );
  } else if (how?.method === "ship_yourself") {
    body = (
      <Details
        items={[
          ["How it goes back", "The shopper ships it themselves to the store's return address (no label from Retour)"],
          ...(how.trackingNumber ? ([["Tracking number", how.trackingNumber]] as [string, ComponentChildren][]) : []),
        ]}
      />
    );
  } else if (ret.shipment) {
    body = <LabelDetails shipment={ret.shipment} />;
  } else if (how) {
    body = (
      <Details
        items={[
          ["How it goes back", "With a prepaid label"],
          ["Carrier", how.carrier ?? "—"],
          ["Tracking number", how.trackingNumber ?? "—"],
        ]}
      />
    );
  } else {
    body = <p class="muted">No label yet: the customer has not been sent a shipping label through Retour.</p>;
  }
  return <Section title="Shipping label and tracking">{body}</Section>;
}

/** The gift cards the return issued as store credit; nothing when it issued none. */
export function StoreCreditSection({ ret }: { ret: ReturnDetail }) {
  if (!ret.giftCards.length) return null;
  return (
    <Section title="Store credit issued">
      <ul class="plain" aria-label={`Gift cards issued by return ${ret.number ?? ""}`.trim()}>
        {ret.giftCards.map((g) => (
          <li key={g.code}>
            Gift card <code>{g.code}</code> of <MoneyText value={g.amount} />, <MoneyText value={g.account.balance} /> left
          </li>
        ))}
      </ul>
      {ret.giftCards.map((g) => (
        <GiftCardHistory key={g.code} code={g.code} history={g.account.history} />
      ))}
    </Section>
  );
}
