// Settings · Shop, its orders: import the shop's orders of the last days (the sync follows new ones by itself), and
// the shop's orders that could not be brought in, each with the reason the core gave.
import { useState } from "preact/hooks";
import { gql } from "../graphql";
import { syncErrorWords } from "../refusals/shop-sync.js";
import { IMPORT_SHOP_ORDERS, SHOP_CONNECTION } from "./shop.ops";
import { ErrorMessage, Section, Table, Time, useMutation } from "../ui";
import { Field } from "../ui-forms";
import type { DashboardImportShopOrdersMutation, DashboardShopConnectionQuery } from "../codegen/operations";

type Connection = NonNullable<DashboardShopConnectionQuery["shopConnection"]>;
type SyncError = Connection["syncErrors"][number];
type Result = DashboardImportShopOrdersMutation["importShopOrders"];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function resultWords(r: Result, days: number): string {
  const parts = [
    `${plural(r.found, "order was", "orders were")} placed in your shop in the last ${plural(days, "day", "days")}.`,
    `${plural(r.imported, "order is", "orders are")} now in Retour (${r.created} new).`,
  ];
  if (r.failed) parts.push(`${plural(r.failed, "order", "orders")} could not be imported: see below.`);
  if (r.more) parts.push("Your shop holds more orders than one import brings in: import again to bring in the rest.");
  return parts.join(" ");
}

export function ShopOrders({
  storeId,
  connection,
  onChange,
}: {
  storeId: string;
  connection: Connection;
  onChange: (c: Connection) => void;
}) {
  const [days, setDays] = useState("30");
  const [result, setResult] = useState<{ r: Result; days: number } | null>(null);
  const run = useMutation<DashboardImportShopOrdersMutation>(IMPORT_SHOP_ORDERS);
  const importOrders = async (e: Event) => {
    e.preventDefault();
    setResult(null);
    const n = Number(days);
    const res = await run.run({ storeId, days: n });
    if (!res) return;
    setResult({ r: res.importShopOrders, days: n });
    const fresh = await gql<DashboardShopConnectionQuery>(SHOP_CONNECTION, { storeId });
    if (fresh.shopConnection) onChange(fresh.shopConnection);
  };
  return (
    <Section title="Orders from your shop">
      <p>New and changed orders come in by themselves every minute. To bring in the orders placed before you connected, import them.</p>
      <form onSubmit={importOrders} noValidate>
        <Field
          label="Orders placed in the last (days)"
          hint="From 1 to 365 days"
          error={run.error?.field === "days" ? run.error.message : null}
        >
          <input type="number" min={1} max={365} value={days} onInput={(e) => setDays(e.currentTarget.value)} />
        </Field>
        <button type="submit" disabled={run.busy} aria-busy={run.busy}>
          {run.busy ? "Importing…" : "Import orders"}
        </button>
      </form>
      {run.error?.field !== "days" && <ErrorMessage error={run.error} />}
      {result && (
        <p role="status" class="notice">
          {resultWords(result.r, result.days)}
        </p>
      )}
      <h3>Orders that could not be brought in</h3>
      <Table<SyncError>
        caption="Orders that could not be brought in"
        rows={connection.syncErrors}
        rowKey={(e) => e.orderName}
        empty={<p>None: every order your shop gave came in.</p>}
        columns={[
          { label: "Order", render: (e) => e.orderName },
          { label: "Why", render: (e) => syncErrorWords(e) },
          { label: "When", render: (e) => <Time value={e.occurredAt} /> },
        ]}
      />
    </Section>
  );
}
