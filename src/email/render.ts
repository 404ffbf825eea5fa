// The shopper emails' words: return number, order name, items, amounts with their currency, dates in the
// store's time zone; plain text and the same as simple HTML (every value escaped). Rendered when sent, from
// the rows as they are then.
import { formatMinor } from "../core/money.js";
import type { PrismaClient } from "../db/client.js";
import { itemValues, returnCurrency } from "../returns/values.js";
import type { EmailKind } from "./outbox.js";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface MailRow {
  kind: string;
  returnId: string;
  giftCardId: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function amountWords(minor: number, currency: string): string {
  return `${formatMinor(minor, currency)} ${currency.toUpperCase()}`;
}

export function dateWords(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(at);
  }
}

const OUTCOME_WORDS: Record<string, string> = { refund: "refund", store_credit: "store credit", exchange: "exchange" };

/** Paragraphs of text (a line each) → the mail's text and HTML bodies. */
function bodies(greeting: string, paragraphs: string[][], link: { label: string; href: string } | null, signature: string) {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [...p, ""]),
    ...(link ? [`${link.label}: ${link.href}`, ""] : []),
    signature,
  ].join("\n");
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:36em">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${p.map(escapeHtml).join("<br>")}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${escapeHtml(signature)}</p>`,
    "</body></html>",
  ].join("\n");
  return { text, html };
}

/** Renders a mail from the rows as they are now; null when its return is gone. */
export async function renderMail(
  prisma: PrismaClient,
  mail: MailRow,
  statusHref: (handle: string) => string,
): Promise<RenderedMail | null> {
  const ret = await prisma.return.findUnique({
    where: { id: mail.returnId },
    select: { id: true, storeId: true, compatId: true, createdAt: true, orderId: true, currency: true },
  });
  if (!ret) return null;
  const [store, portal, order, items, shipping] = await Promise.all([
    prisma.store.findUnique({ where: { id: ret.storeId }, select: { name: true, timeZone: true } }),
    prisma.portalSettings.findUnique({ where: { storeId: ret.storeId }, select: { handle: true, displayName: true } }),
    ret.orderId
      ? prisma.order.findUnique({ where: { id: ret.orderId }, select: { name: true, currency: true, customerFirstName: true } })
      : null,
    prisma.returnItem.findMany({ where: { returnId: ret.id }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    prisma.returnShipping.findUnique({ where: { returnId: ret.id } }),
  ]);
  const lines = ret.orderId ? await prisma.orderLineItem.findMany({ where: { orderId: ret.orderId } }) : [];
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const shop = portal?.displayName ?? store?.name ?? "The shop";
  const zone = store?.timeZone ?? "UTC";
  const currency = returnCurrency(ret, order);
  const number = ret.compatId == null ? "your return" : `return R${ret.compatId}`;
  const Titled = ret.compatId == null ? "Your return" : `Return R${ret.compatId}`;
  const orderWords = order ? `order ${order.name}` : "your order";
  const greeting = order?.customerFirstName ? `Hello ${order.customerFirstName},` : "Hello,";
  const signature = `${shop}`;
  const link = portal ? { label: "See your return's status", href: statusHref(portal.handle) } : null;
  const itemLines = items.map((i) => {
    const line = i.lineItemId ? lineById.get(i.lineItemId) : undefined;
    const title = line ? `${line.title}${line.variantTitle ? ` (${line.variantTitle})` : ""}` : (i.productTitle ?? "Item");
    return `- ${i.quantity} × ${title}: ${OUTCOME_WORDS[i.compensation] ?? i.compensation}`;
  });
  const attachments: RenderedMail["attachments"] = [];
  const kind = mail.kind as EmailKind;
  if (kind === "confirmation") {
    const how: string[] = [];
    if (shipping?.method === "prepaid_label" && shipping.labelPdf) {
      how.push(
        `Your prepaid ${shipping.carrier ?? ""} label is attached: print it and stick it on the parcel. Tracking number: ${shipping.trackingNumber}.`,
      );
      attachments.push({
        filename: `return-label-R${ret.compatId ?? ""}.pdf`,
        content: Buffer.from(shipping.labelPdf),
        contentType: "application/pdf",
      });
    } else if (shipping?.method === "drop_off_qr") {
      how.push(`Show the QR code on your return's status page at the drop-off point (code ${shipping.dropOffCode}).`);
    } else if (shipping?.method === "ship_yourself") {
      how.push("Send the parcel to the return address shown on your return's status page.");
    }
    return {
      subject: `${Titled} for ${orderWords} is confirmed`,
      ...bodies(
        greeting,
        [
          [`We have your ${number} for ${orderWords}, made on ${dateWords(ret.createdAt, zone)}:`, ...itemLines],
          ...(how.length ? [how] : []),
        ],
        link,
        signature,
      ),
      attachments,
    };
  }
  if (kind === "received") {
    return {
      subject: `We received your ${number}`,
      ...bodies(greeting, [[`Your ${number} for ${orderWords} has arrived. We will let you know once it is processed.`]], link, signature),
      attachments,
    };
  }
  if (kind === "refunded") {
    const refund = items
      .filter((i) => i.compensation === "refund" && i.status !== "rejected")
      .reduce((sum, i) => {
        const line = i.lineItemId ? (lineById.get(i.lineItemId) ?? null) : null;
        // As the return's totals count a refund (src/returns/fields.ts totalsOf): the item's refund value.
        return sum + itemValues(i, line).refund;
      }, 0);
    const paragraphs = [[`Your ${number} for ${orderWords} has been processed.`, ...itemLines]];
    if (refund > 0) paragraphs.push([`Refund: ${amountWords(refund, currency)} to your original payment method.`]);
    return { subject: `Your ${number} has been processed`, ...bodies(greeting, paragraphs, link, signature), attachments };
  }
  const card = mail.giftCardId ? await prisma.giftCard.findUnique({ where: { id: mail.giftCardId } }) : null;
  if (!card) return null;
  const paragraphs = [
    [`Store credit of ${amountWords(card.amount, card.currency)} from your ${number} for ${orderWords} is ready.`],
    [`Gift card code: ${card.code}`],
  ];
  if (card.bonus > 0) paragraphs[0]!.push(`It includes a bonus of ${amountWords(card.bonus, card.currency)}.`);
  return { subject: `Your store credit from ${shop}`, ...bodies(greeting, paragraphs, link, signature), attachments };
}
