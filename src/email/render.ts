// The shopper emails' words, in the shopper's language (the one the portal spoke when the draft was submitted;
// English for a return made elsewhere), from the shopper's catalogue shared with the portal (src/core/words):
// return number, order name, items, amounts with their currency, dates in the store's time zone; plain text
// and the same as simple HTML (every value escaped). Rendered when sent, from the rows as they are then.
import { readerFormat } from "../core/decisions/render.js";
import { formatMinor } from "../core/money.js";
import { type Lang, langOf, say, type WordKey } from "../core/words/index.js";
import type { Services } from "../core/context.js";
import { readReturnAggregate } from "../returns/aggregate.js";
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
  storeId: string;
  returnId: string;
  giftCardId: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An amount in the shopper's language: English mails keep their "27.50 USD"; the others as Intl writes it. */
export function amountWords(minor: number, currency: string, lang: Lang = "en"): string {
  const decimal = formatMinor(minor, currency);
  return lang === "en" ? `${decimal} ${currency.toUpperCase()}` : readerFormat(lang).money(decimal, currency.toUpperCase());
}

/** A day in the shopper's language (English mails: "5 March 2026"), in the store's time zone. */
export function dateWords(at: Date, timeZone: string, lang: Lang = "en"): string {
  const locale = lang === "en" ? "en-GB" : lang;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(at);
  }
}

const outcomeWords = (lang: Lang, outcome: string) =>
  ["refund", "store_credit", "exchange", "keep_item"].includes(outcome) ? say(lang, `outcome.${outcome}` as WordKey) : outcome;

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
export async function renderMail(services: Services, mail: MailRow, statusHref: (handle: string) => string): Promise<RenderedMail | null> {
  const prisma = services.db.prisma;
  // The return with its items, order and lines in one statement (as `return(id)` reads it), beside its store,
  // portal, shipping and draft: one round trip of five statements (it was three of eight).
  const [aggregate, store, portal, shipping, draft] = await Promise.all([
    readReturnAggregate({ services }, mail.returnId, [mail.storeId]),
    prisma.store.findUnique({ where: { id: mail.storeId }, select: { name: true, timeZone: true } }),
    prisma.portalSettings.findUnique({ where: { storeId: mail.storeId }, select: { handle: true, displayName: true } }),
    prisma.returnShipping.findUnique({ where: { returnId: mail.returnId } }),
    // The shopper's language: the portal's (or the draft API's) when the return came from a draft.
    prisma.draftReturn.findUnique({ where: { returnId: mail.returnId }, select: { language: true } }),
  ]);
  if (!aggregate) return null;
  const { ret, order, items, lines } = aggregate;
  const lang = langOf(draft?.language);
  const t = (key: WordKey, values?: Record<string, string | number>) => say(lang, key, values);
  const amount = (minor: number, cur: string) => amountWords(minor, cur, lang);
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const shop = portal?.displayName ?? store?.name ?? t("email.theShop");
  const zone = store?.timeZone ?? "UTC";
  const currency = returnCurrency(ret, order);
  const number = ret.compatId == null ? t("email.yourReturn") : t("email.returnNumber", { number: `R${ret.compatId}` });
  const Titled = ret.compatId == null ? t("email.yourReturnTitled") : t("email.returnNumberTitled", { number: `R${ret.compatId}` });
  const orderWords = order ? t("email.orderName", { order: order.name }) : t("email.yourOrder");
  const greeting = order?.customerFirstName ? t("email.helloName", { name: order.customerFirstName }) : t("email.hello");
  const signature = `${shop}`;
  const link = portal
    ? { label: t("email.statusLink"), href: `${statusHref(portal.handle)}${lang === "en" ? "" : `?lang=${lang}`}` }
    : null;
  const itemLines = items.map((i) => {
    const line = i.lineItemId ? lineById.get(i.lineItemId) : undefined;
    const title = line ? `${line.title}${line.variantTitle ? ` (${line.variantTitle})` : ""}` : (i.productTitle ?? t("email.item"));
    return `- ${i.quantity} × ${title}: ${outcomeWords(lang, i.compensation)}`;
  });
  const attachments: RenderedMail["attachments"] = [];
  const kind = mail.kind as EmailKind;
  if (kind === "confirmation") {
    const how: string[] = [];
    if (shipping?.method === "prepaid_label" && shipping.labelPdf) {
      how.push(t("email.label", { carrier: shipping.carrier ?? "", tracking: shipping.trackingNumber ?? "" }));
      attachments.push({
        filename: `return-label-R${ret.compatId ?? ""}.pdf`,
        content: Buffer.from(shipping.labelPdf),
        contentType: "application/pdf",
      });
    } else if (shipping?.method === "drop_off_qr") {
      how.push(t("email.dropOff", { code: shipping.dropOffCode ?? "" }));
    } else if (shipping?.method === "ship_yourself") {
      how.push(t("email.shipYourself"));
    }
    return {
      subject: t("email.confirmedSubject", { Return: Titled, order: orderWords }),
      ...bodies(
        greeting,
        [
          [t("email.confirmedText", { return: number, order: orderWords, date: dateWords(ret.createdAt, zone, lang) }), ...itemLines],
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
      subject: t("email.receivedSubject", { return: number }),
      ...bodies(greeting, [[t("email.receivedText", { return: number, order: orderWords })]], link, signature),
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
    const paragraphs = [[t("email.processedText", { return: number, order: orderWords }), ...itemLines]];
    if (refund > 0) paragraphs.push([t("email.refund", { amount: amount(refund, currency) })]);
    return { subject: t("email.processedSubject", { return: number }), ...bodies(greeting, paragraphs, link, signature), attachments };
  }
  const card = mail.giftCardId ? (aggregate.giftCards.find((g) => g.id === mail.giftCardId) ?? null) : null;
  if (!card) return null;
  const paragraphs = [
    [t("email.creditText", { amount: amount(card.amount, card.currency), return: number, order: orderWords })],
    [t("email.giftCardCode", { code: card.code })],
  ];
  if (card.bonus > 0) paragraphs[0]!.push(t("email.creditBonus", { amount: amount(card.bonus, card.currency) }));
  return { subject: t("email.creditSubject", { shop }), ...bodies(greeting, paragraphs, link, signature), attachments };
}
