// Inbound shipments: the list (most recently updated first; status and location filters in the URL),
// adding locations and shipments, and a detail view with items and their received / damaged / missing
// counts, where a shipment is marked in transit and receipts are recorded. Counts, status, discrepancies
// and the over-receipt rule are the core's.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { INBOUND_SHIPMENT, INBOUND_SHIPMENTS, MARK_INBOUND_IN_TRANSIT } from "./inbound.ops";
import { navigate, useSearchParams } from "../router";
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
  Table,
  Time,
  useConnection,
  useMutation,
  useQuery,
  ListFooter,
} from "../ui";
import { Field, useFocusReturn, LocationFilter } from "../ui-forms";

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
  const list = useConnection<Summary, DashboardInboundShipmentsQuery>(
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
  const q = useQuery<DashboardInboundShipmentQuery>(INBOUND_SHIPMENT, { storeId, id: params.id });
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
                  ["Purchase orders", s.purchaseOrders.map((p) => p.name).join(", ") || "—"],
                  ["Transfer orders", s.transferOrders.map((p) => p.name).join(", ") || "—"],
                  ["Created", <Time value={s.createdAt} />],
                  ["Updated", <Time value={s.updatedAt} />],
                ]}
              />
            </Section>
            <Section title="Items">
              <Table
                caption={`Items of shipment ${s.shipmentId ?? s.id}`}
                rows={s.items}
                rowKey={(i) => i.id}
                empty={<Empty title="No items" />}
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
                  { label: "Shipped", render: (i) => i.quantity },
                  { label: "Received", render: (i) => i.receivedQuantity },
                  { label: "Damaged", render: (i) => i.damagedQuantity },
                  { label: "Missing", render: (i) => i.missingQuantity },
                  {
                    label: "Discrepancy",
                    render: (i) =>
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
                  {s.files.map((f) => (
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

import { AddLocationDialog, NewShipmentDialog, ReceiptForm } from "./inbound-forms";
import type { DashboardInboundShipmentQuery, DashboardInboundShipmentsQuery } from "../codegen/operations";
