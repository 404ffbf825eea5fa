// Inbound shipments: the list (most recently updated first; status and location filters in the URL),
// adding locations and shipments, and a detail view with items and their received / damaged / missing
// counts, where a shipment is marked in transit and receipts are recorded. Counts, status, discrepancies
// and the over-receipt rule are the core's.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import {
  CREATE_INBOUND_SHIPMENT,
  CREATE_LOCATION,
  INBOUND_PRODUCT_CHOICES,
  INBOUND_SHIPMENT,
  INBOUND_SHIPMENTS,
  MARK_INBOUND_IN_TRANSIT,
  RECORD_INBOUND_RECEIPTS,
} from "../operations";
import { navigate, useSearchParams } from "../router";
import { fieldErrors } from "../forms";
import {
  Badge,
  Details,
  Dialog,
  Empty,
  ErrorMessage,
  Field,
  FormFooter,
  Link,
  MoneyText,
  Notice,
  PageHeader,
  QueryView,
  Section,
  Table,
  Time,
  useConnection,
  useFocusReturn,
  useMutation,
  useQuery,
  ListFooter,
  LocationFilter,
} from "../ui";

const STATUSES: [string, string][] = [
  ["PENDING", "Pending"],
  ["IN_TRANSIT", "In transit"],
  ["PARTIALLY_RECEIVED", "Partially received"],
  ["RECEIVED", "Received"],
];
const label = (s: string) => STATUSES.find(([k]) => k === s)?.[1] ?? s;
const tone = (s: string) => (s === "RECEIVED" ? "good" : s === "PARTIALLY_RECEIVED" ? "warn" : s === "IN_TRANSIT" ? "info" : "neutral");

interface Summary {
  id: string;
  shipmentId: string | null;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  estimatedArrivalDate: string | null;
  actualArrivalDate: string | null;
  location: { id: string; name: string };
  skuCount: number;
  itemCount: number;
  receivedCount: number;
  damagedCount: number;
  missingCount: number;
  createdAt: string;
  updatedAt: string;
}

export function InboundShipments({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const locationId = params.get("location") ?? "";
  const list = useConnection<Summary, any>(
    INBOUND_SHIPMENTS,
    { storeId, first: 25, ...(status ? { status } : {}), ...(locationId ? { locationId } : {}) },
    (d) => d.inboundShipments,
  );
  const locations: { id: string; name: string }[] = list.state.data?.locations ?? [];
  const [dialog, setDialog] = useState<"location" | "shipment" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const focus = useFocusReturn();
  const close = () => (setDialog(null), focus.restore());
  return (
    <>
      <PageHeader
        title="Inbound shipments"
        description="Stock on its way to your locations, most recently updated first."
        actions={
          <>
            <button type="button" class="secondary" onClick={(e) => (focus.remember(e), setDialog("location"))}>
              Add location
            </button>
            <button
              type="button"
              onClick={(e) => (focus.remember(e), setDialog("shipment"))}
              disabled={!locations.length}
              title={locations.length ? undefined : "Add a location first"}
            >
              New shipment
            </button>
          </>
        }
      />
      <Notice>{notice}</Notice>
      {dialog === "location" && (
        <AddLocationDialog
          storeId={storeId}
          onClose={close}
          onCreated={(name) => {
            close();
            setNotice(`Location “${name}” added.`);
            list.state.reload();
          }}
        />
      )}
      {dialog === "shipment" && (
        <NewShipmentDialog
          storeId={storeId}
          locations={locations}
          onClose={close}
          onCreated={(id) => navigate(`/inbound/${encodeURIComponent(id)}`)}
        />
      )}
      <Section title="Shipments">
        <div class="filters">
          <Field label="Status">
            <select value={status} onChange={(e) => setParams({ status: (e.target as HTMLSelectElement).value || null })}>
              <option value="">Any status</option>
              {STATUSES.map(([k, v]) => (
                <option value={k}>{v}</option>
              ))}
            </select>
          </Field>
          <LocationFilter locations={locations} value={locationId} onChange={(location) => setParams({ location })} />
        </div>
        <QueryView state={list.state} label="Loading inbound shipments…">
          {() => (
            <>
              <Table
                caption="Inbound shipments"
                rows={list.nodes}
                rowKey={(s) => s.id}
                empty={<Empty title={status || locationId ? "No shipments match these filters" : "No inbound shipments yet"} />}
                columns={[
                  {
                    label: "Shipment",
                    render: (s) => (
                      <>
                        <Link href={`/inbound/${encodeURIComponent(s.id)}`}>
                          <strong>{s.shipmentId ?? s.id}</strong>
                        </Link>
                        {s.shipmentId && <div class="muted small">{s.id}</div>}
                      </>
                    ),
                  },
                  { label: "Status", render: (s) => <Badge tone={tone(s.status)}>{label(s.status)}</Badge> },
                  { label: "Location", render: (s) => s.location.name },
                  { label: "Units", render: (s) => `${s.receivedCount + s.damagedCount + s.missingCount} / ${s.itemCount} accounted` },
                  { label: "Carrier", render: (s) => [s.carrier, s.trackingNumber].filter(Boolean).join(" · ") || "—" },
                  {
                    label: "Arrival",
                    render: (s) => s.actualArrivalDate ?? (s.estimatedArrivalDate ? `ETA ${s.estimatedArrivalDate}` : "—"),
                  },
                  { label: "Updated", render: (s) => <Time value={s.updatedAt} /> },
                ]}
              />
              <ListFooter list={list} />
            </>
          )}
        </QueryView>
      </Section>
    </>
  );
}

export function InboundShipment({ storeId, params }: PageProps) {
  const q = useQuery<{ inboundShipment: any }>(INBOUND_SHIPMENT, { storeId, id: params.id });
  const [notice, setNotice] = useState<string | null>(null);
  const transit = useMutation(MARK_INBOUND_IN_TRANSIT);
  const back = (
    <p>
      <Link href="/inbound">← All inbound shipments</Link>
    </p>
  );
  return (
    <QueryView state={q} label="Loading the shipment…">
      {({ inboundShipment: s }) =>
        !s ? (
          <>
            {back}
            <PageHeader title="Shipment not found" />
            <Empty title={`No inbound shipment ${params.id} in this store`} />
          </>
        ) : (
          <>
            {back}
            <PageHeader
              title={`Shipment ${s.shipmentId ?? s.id}`}
              actions={
                <>
                  <Badge tone={tone(s.status)}>{label(s.status)}</Badge>
                  {s.status === "PENDING" && (
                    <button
                      type="button"
                      class="secondary"
                      disabled={transit.busy}
                      onClick={async () => {
                        if (await transit.run({ storeId, id: s.id })) setNotice("Marked in transit."), q.reload();
                      }}
                    >
                      Mark in transit
                    </button>
                  )}
                </>
              }
            />
            <ErrorMessage error={transit.error} />
            <Notice>{notice}</Notice>
            <Section title="Details">
              <Details
                items={[
                  ["Location", s.location.name],
                  ["Carrier", s.carrier ?? "—"],
                  [
                    "Tracking",
                    s.trackingUrl ? (
                      <a href={s.trackingUrl} rel="noreferrer noopener" target="_blank">
                        {s.trackingNumber ?? s.trackingUrl}
                      </a>
                    ) : (
                      (s.trackingNumber ?? "—")
                    ),
                  ],
                  ["Estimated arrival", s.estimatedArrivalDate ?? "—"],
                  ["Arrived", s.actualArrivalDate ?? "—"],
                  ["Freight", <MoneyText value={s.freightCost} />],
                  ["Duty", <MoneyText value={s.dutyCost} />],
                  ["Units", `${s.itemCount} shipped · ${s.receivedCount} received · ${s.damagedCount} damaged · ${s.missingCount} missing`],
                  ["Purchase orders", s.purchaseOrders.map((p: any) => p.name).join(", ") || "—"],
                  ["Transfer orders", s.transferOrders.map((p: any) => p.name).join(", ") || "—"],
                  ["Created", <Time value={s.createdAt} />],
                  ["Updated", <Time value={s.updatedAt} />],
                ]}
              />
            </Section>
            <Section title="Items">
              <Table
                caption={`Items of shipment ${s.shipmentId ?? s.id}`}
                rows={s.items}
                rowKey={(i: any) => i.id}
                empty={<Empty title="No items" />}
                columns={[
                  {
                    label: "Product",
                    render: (i: any) => (
                      <>
                        <strong>{i.product.title}</strong>
                        {i.product.sku && <div class="muted small">SKU {i.product.sku}</div>}
                      </>
                    ),
                  },
                  { label: "Shipped", render: (i: any) => i.quantity },
                  { label: "Received", render: (i: any) => i.receivedQuantity },
                  { label: "Damaged", render: (i: any) => i.damagedQuantity },
                  { label: "Missing", render: (i: any) => i.missingQuantity },
                  {
                    label: "Discrepancy",
                    render: (i: any) =>
                      i.discrepancy === 0 ? "0" : <Badge tone="warn">{i.discrepancy > 0 ? `+${i.discrepancy}` : i.discrepancy}</Badge>,
                  },
                ]}
              />
            </Section>
            {s.status !== "RECEIVED" && (
              <ReceiptForm storeId={storeId} shipment={s} onDone={(message) => (setNotice(message), q.reload())} />
            )}
            {s.files.length > 0 && (
              <Section title="Documents">
                <ul class="plain">
                  {s.files.map((f: any) => (
                    <li>
                      <a href={f.url} rel="noreferrer noopener" target="_blank">
                        {f.title}
                      </a>{" "}
                      <span class="muted small">{f.contentType}</span>
                    </li>
                  ))}
                </ul>
              </Section>
            )}
          </>
        )
      }
    </QueryView>
  );
}

function AddLocationDialog({ storeId, onClose, onCreated }: { storeId: string; onClose: () => void; onCreated: (name: string) => void }) {
  const [name, setName] = useState("");
  const m = useMutation<{ createLocation: { id: string; name: string } }>(CREATE_LOCATION);
  const errors = fieldErrors(m.error, { name: "Name" });
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await m.run({ storeId, name: name.trim() });
    if (res) onCreated(res.createLocation.name);
  };
  return (
    <Dialog open title="Add location" onClose={onClose}>
      <form onSubmit={submit}>
        <Field label="Name" hint="A warehouse or store that receives stock, e.g. “Reno warehouse”." error={errors.fields.name}>
          <input name="name" required maxLength={255} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </Field>
        <FormFooter error={errors.other} busy={m.busy} submitLabel="Add location" busyLabel="Adding…" onClose={onClose} />
      </form>
    </Dialog>
  );
}

const SHIPMENT_FIELDS = {
  "input.locationId": "Location",
  "input.shipmentId": "Your reference",
  "input.carrier": "Carrier",
  "input.trackingNumber": "Tracking number",
  "input.estimatedArrivalDate": "Estimated arrival",
  "input.items": "Items",
};

interface Line {
  productId: string;
  quantity: string;
}

function NewShipmentDialog({
  storeId,
  locations,
  onClose,
  onCreated,
}: {
  storeId: string;
  locations: { id: string; name: string }[];
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const products = useQuery<{ productFamilies: { nodes: { title: string; products: { id: string; sku: string; title: string }[] }[] } }>(
    INBOUND_PRODUCT_CHOICES,
    { storeId },
  );
  const [form, setForm] = useState({
    locationId: locations[0]?.id ?? "",
    shipmentId: "",
    carrier: "",
    trackingNumber: "",
    estimatedArrivalDate: "",
  });
  const [lines, setLines] = useState<Line[]>([{ productId: "", quantity: "1" }]);
  const [submitted, setSubmitted] = useState(false);
  const m = useMutation<{ createInboundShipment: { id: string } }>(CREATE_INBOUND_SHIPMENT);
  const chosen = lines.filter((l) => l.productId);
  const badQuantity = chosen.some((l) => !/^[1-9]\d*$/.test(l.quantity.trim()));
  const errors = fieldErrors(m.error, SHIPMENT_FIELDS, {
    "input.items": !submitted
      ? null
      : !chosen.length
        ? "Choose at least one product."
        : badQuantity
          ? "Each quantity must be a whole number of at least 1."
          : null,
  });
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  const setLine = (i: number, patch: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const submit = async (e: Event) => {
    e.preventDefault();
    setSubmitted(true);
    if (!chosen.length || badQuantity) return m.clearError();
    const optional = (v: string) => (v.trim() ? v.trim() : undefined);
    const input = {
      locationId: form.locationId,
      shipmentId: optional(form.shipmentId),
      carrier: optional(form.carrier),
      trackingNumber: optional(form.trackingNumber),
      estimatedArrivalDate: optional(form.estimatedArrivalDate),
      items: chosen.map((l) => ({ productId: l.productId, quantity: Number(l.quantity) })),
    };
    const res = await m.run({ storeId, input });
    if (res) onCreated(res.createInboundShipment.id);
  };
  const families = products.data?.productFamilies.nodes ?? [];
  return (
    <Dialog open title="New inbound shipment" onClose={onClose}>
      <form onSubmit={submit}>
        <div class="grid-2">
          <Field label="Location" error={errors.fields["input.locationId"]}>
            <select name="locationId" value={form.locationId} onChange={set("locationId")}>
              {locations.map((l) => (
                <option value={l.id}>{l.name}</option>
              ))}
            </select>
          </Field>
          <Field
            label="Your reference (optional)"
            hint="e.g. a purchase or transfer order number"
            error={errors.fields["input.shipmentId"]}
          >
            <input name="shipmentId" maxLength={255} value={form.shipmentId} onInput={set("shipmentId")} />
          </Field>
          <Field label="Carrier (optional)" error={errors.fields["input.carrier"]}>
            <input name="carrier" maxLength={255} value={form.carrier} onInput={set("carrier")} />
          </Field>
          <Field label="Tracking number (optional)" error={errors.fields["input.trackingNumber"]}>
            <input name="trackingNumber" maxLength={255} value={form.trackingNumber} onInput={set("trackingNumber")} />
          </Field>
          <Field label="Estimated arrival (optional)" error={errors.fields["input.estimatedArrivalDate"]}>
            <input name="estimatedArrivalDate" type="date" value={form.estimatedArrivalDate} onInput={set("estimatedArrivalDate")} />
          </Field>
        </div>
        <fieldset class={errors.fields["input.items"] ? "invalid" : undefined}>
          <legend>Items</legend>
          {errors.fields["input.items"] && (
            <p class="field-error" role="alert">
              {errors.fields["input.items"]}
            </p>
          )}
          {products.error && <ErrorMessage error={products.error} onRetry={products.reload} />}
          {lines.map((l, i) => (
            <div class="grid-2">
              <Field label={`Product ${i + 1}`}>
                <select value={l.productId} onChange={(e) => setLine(i, { productId: (e.target as HTMLSelectElement).value })}>
                  <option value="">Choose a product…</option>
                  {families.map((f) => (
                    <optgroup label={f.title}>
                      {f.products.map((p) => (
                        <option value={p.id}>{[p.sku, p.title].filter(Boolean).join(" · ")}</option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </Field>
              <Field label={`Quantity ${i + 1}`}>
                <input
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  value={l.quantity}
                  onInput={(e) => setLine(i, { quantity: (e.target as HTMLInputElement).value })}
                />
              </Field>
            </div>
          ))}
          <button type="button" class="secondary small" onClick={() => setLines([...lines, { productId: "", quantity: "1" }])}>
            Add another product
          </button>
        </fieldset>
        <FormFooter error={errors.other} busy={m.busy} submitLabel="Create shipment" busyLabel="Creating…" onClose={onClose} />
      </form>
    </Dialog>
  );
}

type Counts = { received: string; damaged: string; missing: string };
const COUNT_LABELS: [keyof Counts, string][] = [
  ["received", "Received"],
  ["damaged", "Damaged"],
  ["missing", "Missing"],
];

/**
 * Units counted at the dock, added to what is already recorded. Only whole numbers are sent; the core
 * refuses more units than shipped (inbound/over-receipt) and moves the status.
 */
function ReceiptForm({ storeId, shipment, onDone }: { storeId: string; shipment: any; onDone: (message: string) => void }) {
  const open = (shipment.items as any[]).filter((i) => i.quantity > i.receivedQuantity + i.damagedQuantity + i.missingQuantity);
  const [counts, setCounts] = useState<Record<string, Counts>>({});
  const [invalid, setInvalid] = useState<string | null>(null);
  const m = useMutation(RECORD_INBOUND_RECEIPTS);
  const value = (id: string, k: keyof Counts) => counts[id]?.[k] ?? "";
  const setCount = (id: string, k: keyof Counts, v: string) =>
    setCounts({ ...counts, [id]: { ...{ received: "", damaged: "", missing: "" }, ...counts[id], [k]: v } });
  const submit = async (e: Event) => {
    e.preventDefault();
    const receipts = [];
    for (const item of open) {
      const c = counts[item.id];
      if (!c) continue;
      const n = (v: string) => (v.trim() === "" ? 0 : /^\d+$/.test(v.trim()) ? Number(v) : NaN);
      const r = { itemId: item.id, received: n(c.received), damaged: n(c.damaged), missing: n(c.missing) };
      if ([r.received, r.damaged, r.missing].some(Number.isNaN))
        return setInvalid(`Counts of ${item.product.sku ?? item.product.title} must be whole numbers.`);
      if (r.received + r.damaged + r.missing > 0) receipts.push(r);
    }
    if (!receipts.length) return setInvalid("Enter at least one count.");
    setInvalid(null);
    if (await m.run({ storeId, id: shipment.id, receipts })) {
      setCounts({});
      const total = receipts.reduce((a, r) => a + r.received + r.damaged + r.missing, 0);
      onDone(`Recorded ${total} unit${total === 1 ? "" : "s"}.`);
    }
  };
  if (!open.length) return null;
  return (
    <Section title="Record receipt">
      <form onSubmit={submit}>
        <p class="muted small">
          Count what arrived: units in good condition, damaged units, and units that will not come. Counts add to what is already recorded.
        </p>
        <Table
          caption="Receipt counts"
          rows={open}
          rowKey={(i: any) => i.id}
          empty={null}
          columns={[
            {
              label: "Product",
              render: (i: any) => (
                <>
                  <strong>{i.product.title}</strong>
                  {i.product.sku && <div class="muted small">SKU {i.product.sku}</div>}
                </>
              ),
            },
            { label: "Still expected", render: (i: any) => i.quantity - i.receivedQuantity - i.damagedQuantity - i.missingQuantity },
            ...COUNT_LABELS.map(([k, text]) => ({
              label: text,
              render: (i: any) => (
                <input
                  class="qty"
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  aria-label={`${text} of ${i.product.sku ?? i.product.title}`}
                  value={value(i.id, k)}
                  onInput={(e) => setCount(i.id, k, (e.target as HTMLInputElement).value)}
                />
              ),
            })),
          ]}
        />
        {invalid && (
          <p class="field-error" role="alert">
            {invalid}
          </p>
        )}
        <ErrorMessage error={m.error} />
        <button type="submit" disabled={m.busy} aria-busy={m.busy}>
          {m.busy ? "Recording…" : "Record receipt"}
        </button>
      </form>
    </Section>
  );
}
