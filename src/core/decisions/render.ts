// A decision in the shopper's words: its sentence from the shopper's catalogue (src/core/words), its values
// formatted for the reader. Two formatters: `readerFormat(lang)` for a shopper (Intl: amounts, percentages,
// dates in the shopper's locale and the store's time zone, lists with "and"/"or"), and `API_FORMAT`, the
// English the REST and warehouse APIs and GraphQL's `shopperMessage` always returned ("5.00 EUR",
// "March 5, 2026", "a, b"). A review rule's own message is the merchant's words, shown as written.
import { CATALOGUES, type Lang, say, type WordKey } from "../words/index.js";
import { type DecisionWords, listParam, wordsOf } from "./codes.js";

export interface Formatter {
  lang: Lang;
  /** A decimal amount in its currency. */
  money(amount: string, currency: string): string;
  percent(value: string): string;
  /** The calendar day before the instant `endsAt` (the last day of a window ending at midnight), in `zone`. */
  lastDay(endsAt: string, zone: string): string;
  list(items: string[], kind: "and" | "or"): string;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function longDay(locale: string, endsAt: string, zone: string): string {
  const key = `${locale}|${zone}`;
  let f = dayFormats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: zone });
    } catch {
      f = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    }
    dayFormats.set(key, f);
  }
  return f.format(new Date(endsAt).getTime() - 1);
}

/** The APIs' English, as it always read. */
export const API_FORMAT: Formatter = {
  lang: "en",
  money: (amount, currency) => `${amount} ${currency}`,
  percent: (value) => `${value}%`,
  lastDay: (endsAt, zone) => longDay("en-US", endsAt, zone),
  list: (items, kind) => items.join(kind === "and" ? ", " : " or "),
};

/** A shopper's reading of amounts, dates and lists in `lang`. */
export function readerFormat(lang: Lang): Formatter {
  return {
    lang,
    // The decimal string goes to Intl as is (no float on the way); Intl reads decimal strings exactly.
    money: (amount, currency) =>
      (new Intl.NumberFormat(lang, { style: "currency", currency }).format as unknown as (v: string) => string)(amount),
    percent: (value) => new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 4 }).format(Number(value) / 100),
    lastDay: (endsAt, zone) => longDay(lang, endsAt, zone),
    list: (items, kind) => new Intl.ListFormat(lang, { type: kind === "and" ? "conjunction" : "disjunction" }).format(items),
  };
}

const outcomeWords = (f: Formatter, outcomes: string[]) =>
  outcomes.map((o) =>
    Object.hasOwn(CATALOGUES[f.lang], `outcome.${o}`) ? say(f.lang, `outcome.${o}` as WordKey) : o.replaceAll("_", " "),
  );

const feeOf = (f: Formatter, p: Record<string, string>) =>
  p.percent != null ? f.percent(p.percent) : f.money(p.amount ?? "", p.currency ?? "");

/** The sentence the shopper reads for a decision. */
export function shopperWords(d: DecisionWords, f: Formatter): string {
  const p = d.params;
  const t = (key: WordKey, values?: Record<string, string | number>) => say(f.lang, key, values);
  switch (d.code) {
    case "WINDOW_OPEN":
      return t("decision.WINDOW_OPEN", { lastDay: f.lastDay(p.endsAt ?? "", p.zone ?? "UTC") });
    case "ALREADY_RETURNED":
      return Number(p.remaining) > 0
        ? t("decision.ALREADY_RETURNED.some", { remaining: p.remaining ?? "" })
        : t("decision.ALREADY_RETURNED");
    case "REVIEW_RULE":
    case "REFUSED_BY_RULE":
      return p.message || t(`decision.${d.code}`);
    case "RESTOCKING_FEE":
      return t("decision.RESTOCKING_FEE", { amount: f.money(p.amount ?? "", p.currency ?? "") });
    case "RETURN_FEE": {
      const waived = listParam(p.waivedFor);
      if (!waived.length) return t("decision.RETURN_FEE", { fee: feeOf(f, p) });
      return t("decision.RETURN_FEE.waived", { fee: feeOf(f, p), waivedFor: f.list(outcomeWords(f, waived), "and") });
    }
    case "BONUS":
      return t("decision.BONUS", { bonus: feeOf(f, p), on: f.list(outcomeWords(f, listParam(p.on)), "or") });
    case "OUTCOME_NOT_OFFERED":
      return t("decision.OUTCOME_NOT_OFFERED", { outcome: outcomeWords(f, [p.outcome ?? ""])[0]! });
    case "WINDOW_ENDED":
    case "FINAL_SALE":
    case "NOT_FULFILLED":
    case "REASON_NOT_LISTED":
      return t(`decision.${d.code}`);
    default:
      return "";
  }
}

/** The English the APIs always returned for a decision (GraphQL's and REST's `shopperMessage`, the draft API's `message`). */
export const apiShopperMessage = (d: Parameters<typeof wordsOf>[0]): string => shopperWords(wordsOf(d), API_FORMAT);
