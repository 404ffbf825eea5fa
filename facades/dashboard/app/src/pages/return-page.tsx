// A return's page: its addresses, label, items, refund, timeline in people's words, comments and the
// lifecycle actions, each explained before it runs. Which actions exist is the core's answer
// (`allowedActions`); the page only renders buttons for them, and shows the core's error when it
// refuses one (e.g. a return changed in another tab).
import { useEffect, useState } from "preact/hooks";
import { addressLines } from "../../../../../src/core/address.js";
import type { PageProps } from "../router";
import { ADD_RETURN_COMMENT, RETURN } from "./return-page.ops";
import {
  actionButtons,
  describeDetail,
  ITEM_STATUS_LABELS,
  lineGives,
  actorText,
  otherReturns,
  personName,
  refundState,
  statusLabel,
  statusTone,
  timelineText,
  type ActionInfo,
} from "../logic";
import { ReturnTagsSection } from "./return-tags";
import {
  Badge,
  Details,
  Empty,
  ErrorMessage,
  Link,
  MoneyText,
  Notice,
  PageHeader,
  QueryView,
  Section,
  StoreZone,
  Table,
  Time,
  useMutation,
  useQuery,
} from "../ui";
import { Field, useFocusReturn } from "../ui-forms";
import { ForSupport } from "../support";
import { originText } from "../origin-text";
import { type CustomerReturns, returnLabel, StatusBadge, type ReturnAddress, type ReturnDetail, type ReturnItem } from "./returns-shared";
import { ReturnPolicySection } from "./return-policy";
import { exchangeText, ShippingSection, StoreCreditSection } from "./return-shipping";
import { LedgerSection } from "./return-ledger";
import { ProcessDialog, RemoveItemsDialog, SimpleActionDialog, SIMPLE_MUTATIONS } from "./return-actions";

/** The customer's other returns, linked (the customer record is the order's, matched by e-mail). */
function CustomerReturnsSection({ ret }: { ret: { id: string; fullOrder: { customerRecord: CustomerReturns | null } | null } }) {
  const record = ret.fullOrder?.customerRecord ?? null;
  if (!record) return null;
  const { returns, more } = otherReturns(record, ret.id);
  const all = `/returns?q=${encodeURIComponent(record.email)}`;
  return (
    <Section title="The customer's other returns">
      {returns.length ? (
        <ul class="plain" aria-label={`Other returns of ${record.email}`}>
          {returns.map((o) => (
            <li>
              <Link href={`/returns/${encodeURIComponent(o.id)}`}>{returnLabel(o)}</Link> <StatusBadge status={o.status} />{" "}
              <span class="muted small">
                <Time value={o.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No other returns from {record.email}.</p>
      )}
      {more && (
        <p>
          <Link href={all}>All returns of {record.email}</Link>
        </p>
      )}
    </Section>
  );
}

export function ReturnPage({ params, storeId }: PageProps) {
  const q = useQuery<{ return: ReturnDetail | null; store: { timeZone: string } | null }>(RETURN, { id: params.id, storeId });
  const [current, setCurrent] = useState<ReturnDetail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<ActionInfo | null>(null);
  const focus = useFocusReturn();
  const close = () => {
    setOpen(null);
    focus.restore();
  };
  useEffect(() => setCurrent(null), [q.data]);

  const back = (
    <p>
      <Link href="/returns">← All returns</Link>
    </p>
  );
  const done = (r: ReturnDetail, message: string) => {
    setCurrent(r);
    setNotice(message);
    close();
  };

  return (
    <QueryView state={q} label="Loading the return…">
      {(data) => {
        const r = current ?? data.return;
        if (!r) {
          return (
            <>
              {back}
              <PageHeader title="Return not found" />
              <Empty title={`No return ${params.id} in this store`}>It may belong to another store, or the link is wrong.</Empty>
            </>
          );
        }
        const titleOf = (it: ReturnItem) => {
          const oi = r.fullOrder?.items.find((o) => o.id === it.orderItem.id);
          return oi
            ? `${oi.product.name}${oi.variant.name && oi.variant.name !== oi.product.name ? ` · ${oi.variant.name}` : ""}`
            : (it.title ?? it.sku ?? it.orderItem.externalId);
        };
        const itemTitle = (id: string) => {
          const it = r.items.find((i) => i.id === id);
          return it ? titleOf(it) : null;
        };
        const currency = r.totals.refund.amount.currency;
        const buttons = actionButtons(r.allowedActions);
        return (
          <StoreZone.Provider value={data.store?.timeZone ?? "UTC"}>
            {back}
            <PageHeader
              title={r.fullOrder ? `Return for order ${r.order.name}` : "Imported return (no order)"}
              description={
                <>
                  Return <strong>{returnLabel(r)}</strong>
                </>
              }
              actions={<StatusBadge status={r.status} />}
            />
            <Notice>{notice}</Notice>
            <ReturnTagsSection ret={r} onChanged={(t) => setCurrent({ ...r, ...t })} />
            <Section title="Actions">
              {buttons.length ? (
                <ul class="action-list" role="group" aria-label="Return actions">
                  {buttons.map((b) => (
                    <li>
                      <button
                        type="button"
                        class={b.danger ? "danger-outline" : b.action === "process" ? "" : "secondary"}
                        aria-describedby={`action-${b.action}`}
                        onClick={(e) => (focus.remember(e), setOpen(b))}
                      >
                        {b.label}
                      </button>
                      <span id={`action-${b.action}`} class="small">
                        {b.danger && <strong>Cannot be undone. </strong>}
                        {b.description}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted">No lifecycle actions are possible in status “{statusLabel(r.status)}”. Comments can still be added.</p>
              )}
            </Section>
            {open?.action === "process" && <ProcessDialog ret={r} titleOf={titleOf} onClose={close} onDone={done} />}
            {open?.action === "remove_items" && <RemoveItemsDialog ret={r} titleOf={titleOf} onClose={close} onDone={done} />}
            {open && SIMPLE_MUTATIONS[open.action] && <SimpleActionDialog ret={r} info={open} onClose={close} onDone={done} />}

            <div class="grid-2">
              <Section title="Details">
                <Details
                  items={[
                    ["Return number", returnLabel(r)],
                    ["Status", <StatusBadge status={r.status} />],
                    ["Type", r.type],
                    ["Order", r.fullOrder ? r.order.name : "— (imported, no order)"],
                    ["Customer", personName(r.source.name, r.source.emailAddress)],
                    ["Email", r.source.emailAddress ?? "—"],
                    ["Created", <Time value={r.createdAt} />],
                    ["Updated", <Time value={r.updatedAt} />],
                    ["Phone", r.source.phoneNumber ?? "—"],
                    ["Came from", originText(r.origin)],
                    ["Created by", actorText(r.createdBy)],
                    ...(r.reopened ? ([["Reopened", "Yes"]] as [string, string][]) : []),
                  ]}
                />
              </Section>
              <Section title="Refund">
                <p>{refundState(r.items)}</p>
                <Details
                  items={[
                    ["Refund", <MoneyText value={r.totals.refund.amount} />],
                    ["Store credit", <MoneyText value={r.totals.storeCredit.amount} />],
                    ["Exchange", <MoneyText value={r.totals.exchange.amount} />],
                    ["Charge", <MoneyText value={r.totals.charge.amount} />],
                    ["Shipping fee", <MoneyText value={r.totals.shippingFee.amount} />],
                  ]}
                />
              </Section>
            </div>
            <div class="grid-2">
              <ShippingSection ret={r} />
              <Section title="Addresses">
                <Details
                  items={[
                    ["Sent back from", <AddressText address={r.source.mailingAddress} />],
                    ["Order shipped to", <AddressText address={r.fullOrder?.shippingAddress ?? null} />],
                    ["Billing", <AddressText address={r.fullOrder?.billingAddress ?? null} />],
                  ]}
                />
              </Section>
            </div>
            <LedgerSection
              ret={r}
              itemTitle={itemTitle}
              onRetried={(e) => setCurrent({ ...r, ledger: r.ledger.map((x) => (x.id === e.id ? e : x)) })}
            />
            <StoreCreditSection ret={r} />
            <CustomerReturnsSection ret={r} />
            <Section title="Items">
              <Table
                caption={`Items of return ${returnLabel(r)}`}
                rows={r.items}
                rowKey={(i) => i.id}
                empty={<Empty title="No items" />}
                columns={[
                  {
                    label: "Item",
                    render: (i) => (
                      <div class="item-cell">
                        {i.imageUrl ? (
                          <img src={i.imageUrl} alt={titleOf(i)} width={48} height={48} loading="lazy" />
                        ) : (
                          <span class="no-image" aria-hidden="true" />
                        )}
                        <div>
                          <strong>{titleOf(i)}</strong>
                          {i.sku && <div class="muted small">SKU {i.sku}</div>}
                        </div>
                      </div>
                    ),
                  },
                  { label: "Qty", render: (i) => i.quantity },
                  {
                    label: "Reason",
                    render: (i) => (
                      <>
                        {i.reason || "—"}
                        {i.customerComment && <div class="muted small">Shopper's answer: “{i.customerComment}”</div>}
                        {i.customerImages.length > 0 && (
                          <ul class="item-photos" aria-label={`Shopper's photos of ${titleOf(i)}`}>
                            {i.customerImages.map((src, n) =>
                              // Only photos uploaded to Retour are shown; a link given through an API is named by
                              // its site and opened only when clicked (never loaded by the page: no tracking pixel).
                              src.startsWith("/portal/photos/") ? (
                                <li key={src}>
                                  <a href={src} target="_blank" rel="noopener noreferrer">
                                    <img
                                      src={src}
                                      alt={`${titleOf(i)}, as the shopper sent it (${n + 1} of ${i.customerImages.length})`}
                                      width={64}
                                      height={64}
                                      loading="lazy"
                                    />
                                  </a>
                                </li>
                              ) : (
                                <li key={src}>
                                  <a href={src} target="_blank" rel="noopener noreferrer nofollow">
                                    Photo link on {hostOf(src)} (not checked by Retour)
                                  </a>
                                </li>
                              ),
                            )}
                          </ul>
                        )}
                      </>
                    ),
                  },
                  { label: "Status", render: (i) => <Badge tone={statusTone(i.status)}>{ITEM_STATUS_LABELS[i.status] ?? i.status}</Badge> },
                  {
                    label: "Compensation",
                    render: (i) => (exchangeText(i) ? `Exchange for ${exchangeText(i)}` : i.compensation.replace(/_/g, " ")),
                  },
                  { label: "Value", render: (i) => <MoneyText value={i.productValueNoTaxNoAdjustment.amount} /> },
                  {
                    label: "Refund",
                    // Per line, by what it gives (the core's refund type): an exchanged or store-credit line refunds
                    // nothing and says what it gives instead; its amount is under Store credit for a credit line.
                    render: (i) =>
                      lineGives(i) === "exchange" ? (
                        <span class="muted">None: exchanged</span>
                      ) : lineGives(i) === "store_credit" ? (
                        <span class="muted">None: store credit</span>
                      ) : (
                        <LineAmount item={i} />
                      ),
                  },
                  {
                    label: "Store credit",
                    render: (i) => (lineGives(i) === "store_credit" ? <LineAmount item={i} /> : <span class="muted">—</span>),
                  },
                ]}
              />
            </Section>
            {r.fullOrder && (
              <ReturnPolicySection
                returnId={r.id}
                storeId={storeId}
                timeline={r.timeline}
                lineTitle={(id) => {
                  const oi = r.fullOrder?.items.find((o) => o.externalId === id);
                  return oi
                    ? `${oi.product.name}${oi.variant.name && oi.variant.name !== oi.product.name ? ` · ${oi.variant.name}` : ""}`
                    : "An item of the order";
                }}
              />
            )}
            <div class="grid-2">
              <Section title="Timeline">
                {r.timeline.length ? (
                  <ol class="timeline" aria-label="Timeline">
                    {r.timeline.map((e) => (
                      <li>
                        <strong>{timelineText(e)}</strong>
                        <div class="muted small">
                          <Time value={e.at} /> · {actorText(e.actor)}
                        </div>
                        {e.detail && describeDetail(e.detail, itemTitle, currency) && (
                          <div class="small">{describeDetail(e.detail, itemTitle, currency)}</div>
                        )}
                      </li>
                    ))}
                  </ol>
                ) : (
                  <Empty title="No history yet" />
                )}
              </Section>
              <Section title="Comments">
                <Comments ret={r} onAdded={(c) => setCurrent({ ...r, comments: [...r.comments, c] })} />
              </Section>
            </div>
            <ForSupport ids={[["Return id", r.id]]} />
          </StoreZone.Provider>
        );
      }}
    </QueryView>
  );
}

/** A line's amount, with the merchant's adjustment when there is one. */
function LineAmount({ item }: { item: ReturnItem }) {
  return (
    <>
      <MoneyText value={item.refund.amount} />
      {item.productAdjustment && item.productAdjustment !== "0.00" && <div class="muted small">adjusted −{item.productAdjustment}</div>}
    </>
  );
}

/** An address as lines; the core's return address and the order's addresses use different keys. */
function AddressText({ address }: { address: ReturnAddress | null }) {
  if (!address) return <span class="muted">Not given</span>;
  // By the country's convention (src/core/address.ts, shared with the portal and the label).
  const lines = addressLines(address);
  return lines.length ? (
    <address class="address">
      {lines.map((l) => (
        <div>{l}</div>
      ))}
    </address>
  ) : (
    <span class="muted">Not given</span>
  );
}

function Comments({ ret, onAdded }: { ret: ReturnDetail; onAdded: (c: ReturnDetail["comments"][number]) => void }) {
  const [text, setText] = useState("");
  const add = useMutation<{ addReturnComment: ReturnDetail["comments"][number] }>(ADD_RETURN_COMMENT);
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await add.run({ id: ret.id, message: text });
    if (res) {
      onAdded(res.addReturnComment);
      setText("");
    }
  };
  return (
    <>
      {ret.comments.length ? (
        <ul class="comments" aria-label="Comments">
          {ret.comments.map((c) => (
            <li>
              {c.message ? <p>{c.message}</p> : c.image ? <p class="muted">(image)</p> : null}
              <div class="muted small">
                {actorText(c.author)} · <Time value={c.createdAt} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No comments yet.</p>
      )}
      <form onSubmit={submit}>
        <Field label="Add a comment">
          <textarea name="comment" value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} required />
        </Field>
        <ErrorMessage error={add.error} />
        <button type="submit" disabled={add.busy || !text.trim()} aria-busy={add.busy}>
          {add.busy ? "Adding…" : "Add comment"}
        </button>
      </form>
    </>
  );
}

/** The site a link points at, as a person reads it. */
function hostOf(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return "another site";
  }
}
