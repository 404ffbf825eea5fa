// Inventory: what restocked returns and received inbound shipments put on hand, per product and
// location (most recently moved first), and an item's levels per location with its movements and
// their causes. Every number is the core's; a level is always the sum of its movements.
import { INVENTORY_ITEM, INVENTORY_LEVELS } from "./inventory.ops";
import { type PageProps, useSearchParams } from "../router";
import { movementCause } from "../logic";
import { Badge, Details, Empty, Link, ListFooter, PageHeader, QueryView, Section, Table, Time, useConnection, useQuery } from "../ui";
import { LocationFilter } from "../ui-forms";
import type { DashboardInventoryItemQuery, DashboardInventoryLevelsQuery } from "../codegen/operations";

interface LevelRow {
  id: string;
  quantity: number;
  updatedAt: string;
  location: { id: string; name: string };
  item: { id: string; sku: string | null; name: string | null; kind: string };
}

const itemHref = (id: string) => `/inventory/${encodeURIComponent(id)}`;

export function Inventory({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const locationId = params.get("location") ?? "";
  const list = useConnection<LevelRow, DashboardInventoryLevelsQuery>(
    INVENTORY_LEVELS,
    { storeId, first: 50, ...(locationId ? { locationId } : {}) },
    (d) => d.inventoryLevels,
  );
  const locations: { id: string; name: string }[] = list.state.data?.locations ?? [];
  return (
    <>
      <PageHeader
        title="Inventory"
        description="Units on hand per product and location, most recently moved first. Restocked return items add to the return's location, received inbound units to the shipment's."
      />
      <Section title="Levels">
        <div class="filters">
          <LocationFilter locations={locations} value={locationId} onChange={(location) => setParams({ location })} />
        </div>
        <QueryView state={list.state} label="Loading inventory…">
          {() => (
            <>
              <Table
                caption="Inventory levels"
                rows={list.nodes}
                rowKey={(l) => l.id}
                empty={
                  <Empty title={locationId ? "Nothing at this location yet" : "No inventory yet"}>
                    Restock a processed return item or receive an inbound shipment.
                  </Empty>
                }
                columns={[
                  {
                    label: "Product",
                    render: (l) => (
                      <>
                        <Link href={itemHref(l.item.id)}>
                          <strong>{l.item.name ?? l.item.sku ?? l.item.id}</strong>
                        </Link>
                        {l.item.kind !== "PRODUCT" && (
                          <>
                            {" "}
                            <Badge tone="info">Not in the catalogue</Badge>
                          </>
                        )}
                      </>
                    ),
                  },
                  { label: "SKU", render: (l) => (l.item.sku ? <code>{l.item.sku}</code> : "—") },
                  { label: "Location", render: (l) => l.location.name },
                  { label: "On hand", render: (l) => l.quantity },
                  { label: "Last moved", render: (l) => <Time value={l.updatedAt} /> },
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

export function InventoryItem({ storeId, params }: PageProps) {
  const q = useQuery<DashboardInventoryItemQuery>(INVENTORY_ITEM, { storeId, id: params.id });
  const back = (
    <p>
      <Link href="/inventory">← All inventory</Link>
    </p>
  );
  return (
    <QueryView state={q} label="Loading the item…">
      {({ inventoryItem: i }) =>
        !i ? (
          <>
            {back}
            <PageHeader title="Item not found" />
            <Empty title={`No inventory item ${params.id} in this store`} />
          </>
        ) : (
          <>
            {back}
            <PageHeader title={i.name ?? i.sku ?? i.id} description={`${i.quantity} on hand across ${i.locations.length} location(s).`} />
            <Section title="Details">
              <Details
                items={[
                  ["SKU", i.sku ? <code>{i.sku}</code> : "—"],
                  [
                    "Product",
                    i.kind === "PRODUCT" ? (
                      <Link href={`/products`}>{i.product.title}</Link>
                    ) : (
                      `${i.product.title} (not in the catalogue; product id ${i.product.id})`
                    ),
                  ],
                  ["On hand", String(i.quantity)],
                  ["First stocked", <Time value={i.createdAt} />],
                  ["Last moved", <Time value={i.updatedAt} />],
                ]}
              />
            </Section>
            <Section title="Levels per location">
              <Table
                caption={`Levels of ${i.sku ?? i.id}`}
                rows={i.locations}
                rowKey={(l) => l.level.id}
                empty={<Empty title="No levels" />}
                columns={[
                  { label: "Location", render: (l) => l.location.name },
                  { label: "On hand", render: (l) => l.quantity },
                  { label: "Last moved", render: (l) => <Time value={l.level.updatedAt} /> },
                ]}
              />
            </Section>
            <Section title="Movements">
              <Table
                caption={`Movements of ${i.sku ?? i.id}`}
                rows={i.movements}
                rowKey={(m) => m.id}
                empty={<Empty title="No movements" />}
                columns={[
                  { label: "When", render: (m) => <Time value={m.createdAt} /> },
                  { label: "Change", render: (m) => (m.delta > 0 ? `+${m.delta}` : String(m.delta)) },
                  { label: "Location", render: (m) => m.location.name },
                  {
                    label: "Cause",
                    render: (m) => {
                      const c = movementCause(m);
                      return <Link href={c.href}>{c.label}</Link>;
                    },
                  },
                ]}
              />
              <p class="muted small">The newest 100 movements. Each level is the sum of its movements.</p>
            </Section>
          </>
        )
      }
    </QueryView>
  );
}
