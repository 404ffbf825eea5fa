// Shared pieces of the portal's screens: the page's language (chosen once at start), words and amounts in it,
// a step's heading that takes the focus, and errors announced and tied to their field.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { type Key, type Lang, say } from "./catalogue";
import type { Money } from "./api";
import { zonedDateTime } from "../../../../src/core/zoned-time.js";

let lang: Lang = "en";
export const setLang = (l: Lang) => {
  lang = l;
  document.documentElement.lang = l;
};
export const currentLang = () => lang;
export const t = (key: Key, values?: Record<string, string | number>) => say(lang, key, values);

/** An amount in the shopper's language; the decimal string is handed to Intl as is (no float on the way). */
export function money(m: Money | null | undefined): string {
  if (!m) return "";
  const format = new Intl.NumberFormat(lang, { style: "currency", currency: m.currency }).format as unknown as (v: string) => string;
  return format(m.amount);
}

/** A date, or a date and time with the zone named ("29 novembre 2026 à 15:04 CET"), in the store's time zone. */
export function when(iso: string, timeZone: string, withTime = true): string {
  if (withTime) return zonedDateTime(iso, timeZone, lang, "long");
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone }).format(new Date(iso));
}

/** The step's heading: focused when the step opens, so screen readers start there. */
export function StepHeading(props: { children: ComponentChildren; step?: [number, number] }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      {props.step && <p class="step">{t("stepOf", { n: props.step[0], m: props.step[1] })}</p>}
      <h1 tabIndex={-1} ref={ref}>
        {props.children}
      </h1>
    </>
  );
}

/**
 * The fields a shopper changed since the core last answered (`answered`: the step's issues, a new list each
 * answer): an error under such a field no longer holds, so it is not shown (an error stays exactly as long as
 * what it says is true; the next Continue checks again).
 */
export function useEdited(answered: unknown) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [answered]);
  return {
    has: (at: string, key: string) => edited.has(`${at}:${key}`),
    mark: (at: string, ...keys: string[]) => setEdited((s) => new Set([...s, ...keys.map((k) => `${at}:${k}`)])),
    reset: () => setEdited(new Set()),
  };
}

/** An error under its field (the field points at it with aria-describedby), announced when it appears. */
export function FieldError(props: { id: string; text: string | null | undefined }) {
  if (!props.text) return null;
  return (
    <p class="error" id={props.id} role="alert">
      {props.text}
    </p>
  );
}

/** aria attributes of a field with an optional hint and error. */
export function described(id: string, error: string | null | undefined, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? ("true" as const) : undefined, "aria-describedby": ids || undefined };
}
