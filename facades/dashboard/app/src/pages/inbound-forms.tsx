// The inbound pages' forms: a new location, a new shipment, and the receipt of what arrived (received,
// damaged, missing). The counts' rules (whole numbers, no over-receipt) are the core's.
import { useState } from "preact/hooks";
import { CREATE_INBOUND_SHIPMENT, CREATE_LOCATION, INBOUND_PRODUCT_CHOICES, RECORD_INBOUND_RECEIPTS } from "./inbound-forms.ops";
import { fieldErrors } from "../forms";
import { ErrorMessage, Section, Table, useMutation, useQuery } from "../ui";
import { Dialog, Field, FormFooter } from "../ui-forms";
import type { DashboardInboundShipmentQuery } from "../codegen/operations";

type Shipment = NonNullable<DashboardInboundShipmentQuery["inboundShipment"]>;

export function AddLocationDialog({
  storeId,
  onClose,
  onCreated,
}: {
  storeId: string;
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
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

export function NewShipmentDialog({
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
export function ReceiptForm({ storeId, shipment, onDone }: { storeId: string; shipment: Shipment; onDone: (message: string) => void }) {
  const open = shipment.items.filter((i) => i.quantity > i.receivedQuantity + i.damagedQuantity + i.missingQuantity);
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
          rowKey={(i) => i.id}
          empty={null}
          columns={[
            {
              label: "Product",
              render: (i) => (
                <>
                  <strong>{i.product.title}</strong>
                  {i.product.sku && <div class="muted small">SKU {i.product.sku}</div>}
                </>
              ),
            },
            { label: "Still expected", render: (i) => i.quantity - i.receivedQuantity - i.damagedQuantity - i.missingQuantity },
            ...COUNT_LABELS.map(([k, text]) => ({
              label: text,
              render: (i: Shipment["items"][number]) => (
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
