// A return's status page, opened from the confirmation email's link: its timeline, the label to download or
// the drop-off QR code (or the address to send it to), the items, and where the refund or credit stands.
import { useEffect, useState } from "preact/hooks";
import { countryName } from "../../../../src/core/country-name.js";
import { ApiError, type Address, gql, type Money, type Portal, STATUS } from "./api";
import { CATALOGUE, type Key, type Lang, STATUS as STATUS_WORDS, TIMELINE } from "./catalogue";
import { currentLang, money, StepHeading, t, when } from "./ui";

interface StatusView {
  returnNumber: string;
  orderName: string;
  status: string;
  createdAt: string;
  timeZone: string;
  timeline: { kind: string; at: string }[];
  items: {
    title: string;
    variantTitle: string | null;
    quantity: number;
    reason: string | null;
    reasonCode: string | null;
    outcome: string | null;
    exchangeTitle: string | null;
  }[];
  shipping: {
    method: string;
    carrier: string | null;
    trackingNumber: string | null;
    labelPdfBase64: string | null;
    dropOffCode: string | null;
    dropOffQrPngBase64: string | null;
  } | null;
  returnAddress: Address | null;
  refund: Money | null;
  storeCredit: Money | null;
  refundState: string;
  creditState: string;
}

/** An item's reason: the catalogue's words for a reason code it knows, in the shopper's language; else as the store wrote it. */
function reasonOf(it: { reason: string | null; reasonCode: string | null }, lang: Lang): string | null {
  const key = `reason.${it.reasonCode}`;
  return it.reasonCode && key in CATALOGUE[lang] ? CATALOGUE[lang][key as Key] : it.reason;
}

function labelUrl(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
}

export function StatusPage({ portal, token }: { portal: Portal; token: string }) {
  const [view, setView] = useState<StatusView | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    gql<{ returnStatusPage: StatusView | null }>(STATUS, { handle: portal.handle, token }, null)
      .then((d) => setView(d.returnStatusPage))
      // In the shopper's words whatever went wrong: the page asks for no input a refusal could name.
      .catch((e) =>
        setError(
          !(e instanceof ApiError) || e.code === "NETWORK" ? t("network") : e.code === "RATE_LIMITED" ? t("slowDown") : t("unavailable"),
        ),
      );
  }, []);
  if (error)
    return (
      <p class="problem" role="alert">
        {error}
      </p>
    );
  if (view === undefined) return <p role="status">{t("loading")}</p>;
  if (view === null)
    return (
      <div>
        <StepHeading>{t("notFoundTitle")}</StepHeading>
        <p class="problem" role="alert">
          {t("statusNotFound")}
        </p>
      </div>
    );
  const lang = currentLang();
  const s = view.shipping;
  const a = view.returnAddress;
  return (
    <div class="status">
      <StepHeading>{t("statusHeading", { number: view.returnNumber })}</StepHeading>
      <p class="badge">{STATUS_WORDS[lang][view.status] ?? view.status}</p>
      <p>{t("statusIntro", { order: view.orderName, date: when(view.createdAt, view.timeZone, false) })}</p>

      {s?.method === "drop_off_qr" && s.dropOffQrPngBase64 && (
        <section aria-labelledby="qr-h" class="card">
          <h2 id="qr-h">{t("qrHeading")}</h2>
          <img class="qr" src={`data:image/png;base64,${s.dropOffQrPngBase64}`} alt={t("qrAlt", { code: s.dropOffCode ?? "" })} />
          <p>{t("qrCode", { code: s.dropOffCode ?? "" })}</p>
        </section>
      )}
      {s?.method === "prepaid_label" && (
        <section aria-labelledby="label-h" class="card">
          <h2 id="label-h">{t("label")}</h2>
          {s.labelPdfBase64 && (
            <p>
              <a class="button primary" href={labelUrl(s.labelPdfBase64)} download={`label-${view.returnNumber}.pdf`}>
                {t("labelDownload")}
              </a>
            </p>
          )}
          {s.trackingNumber && <p>{t("tracking", { number: [s.carrier, s.trackingNumber].filter(Boolean).join(" ") })}</p>}
        </section>
      )}
      {s?.method === "ship_yourself" && a && (
        <section aria-labelledby="ship-h" class="card">
          <h2 id="ship-h">{t("shipTo")}</h2>
          <address>
            {[...a.lines, countryName(a.country, lang)].map((l) => (
              <span key={l}>
                {l}
                <br />
              </span>
            ))}
          </address>
        </section>
      )}

      <section aria-labelledby="timeline-h">
        <h2 id="timeline-h">{t("timeline")}</h2>
        <ol class="timeline">
          {view.timeline.map((step) => (
            <li key={`${step.kind}${step.at}`}>
              <strong>{TIMELINE[lang][step.kind] ?? step.kind}</strong> <time dateTime={step.at}>{when(step.at, view.timeZone)}</time>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="items-h">
        <h2 id="items-h">{t("yourItems")}</h2>
        <ul class="summary">
          {view.items.map((it) => (
            <li key={`${it.title}${it.variantTitle}${it.outcome}${it.exchangeTitle}`}>
              <strong>
                {it.title}
                {it.variantTitle ? ` – ${it.variantTitle}` : ""}
                {it.quantity > 1 ? ` × ${it.quantity}` : ""}
              </strong>
              <span>
                {it.outcome ? t(it.outcome as Key) : ""}
                {it.exchangeTitle ? `, ${t("exchangeFor", { title: it.exchangeTitle })}` : ""}
              </span>
              {reasonOf(it, lang) && <span class="meta">{t("itemReason", { reason: reasonOf(it, lang)! })}</span>}
            </li>
          ))}
        </ul>
      </section>

      {(view.refund || view.storeCredit) && (
        <section aria-labelledby="money-h">
          <h2 id="money-h">{t("money")}</h2>
          {view.refund && (
            <p>
              {t("refundState", {
                amount: money(view.refund),
                state: t((view.refundState === "refunded" ? "refunded" : "pending") as Key),
              })}
            </p>
          )}
          {view.storeCredit && (
            <p>
              {t("creditState", {
                amount: money(view.storeCredit),
                state: t((view.creditState === "issued" ? "issued" : "pending") as Key),
              })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
