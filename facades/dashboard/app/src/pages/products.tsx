// Products: the catalogue as uploaded (product families with their variants), newest first, and a
// family's detail. Uploads happen through the API (bulk upload); this page reads.
import type { PageProps } from "../app";
import { PRODUCT_FAMILIES, PRODUCT_FAMILY } from "../operations";
import { Badge, Details, Empty, Link, MoneyText, PageHeader, QueryView, Section, Table, Time, useConnection, useQuery, ListFooter } from "../ui";

export function Products({ storeId }: PageProps) {
  const list = useConnection<any, any>(PRODUCT_FAMILIES, { storeId, first: 25 }, (d) => d.productFamilies);
  return (
    <>
      <PageHeader title="Products" description="Product families and their variants (SKUs), newest first. Upload them with POST /v2.2/stores/{storeId}/products/bulk-upload." />
      <Section title="Product families">
        <QueryView state={list.state} label="Loading products…">
          {() => (
            <>
              <Table
                caption="Product families"
                rows={list.nodes}
                rowKey={(f) => f.id}
                empty={<Empty title="No products yet">Upload your catalogue through the bulk-upload API.</Empty>}
                columns={[
                  {
                    label: "Product",
                    render: (f) => (
                      <>
                        <Link href={`/products/${encodeURIComponent(f.id)}`}>
                          <strong>{f.title}</strong>
                        </Link>
                        {f.vendor && <div class="muted small">{f.vendor}</div>}
                      </>
                    ),
                  },
                  { label: "Variants", render: (f) => f.products.length },
                  { label: "SKUs", render: (f) => <span class="small">{f.products.slice(0, 4).map((p: any) => p.sku).join(", ")}{f.products.length > 4 ? ", …" : ""}</span> },
                  { label: "Kind", render: (f) => <Badge>{f.kind}</Badge> },
                  { label: "Updated", render: (f) => <Time value={f.updatedAt} /> },
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

export function Product({ storeId, params }: PageProps) {
  const q = useQuery<{ productFamily: any }>(PRODUCT_FAMILY, { storeId, id: params.id });
  const back = (
    <p>
      <Link href="/products">← All products</Link>
    </p>
  );
  return (
    <QueryView state={q} label="Loading the product…">
      {({ productFamily: f }) =>
        !f ? (
          <>
            {back}
            <PageHeader title="Product not found" />
            <Empty title={`No product family ${params.id} in this store`} />
          </>
        ) : (
          <>
            {back}
            <PageHeader title={f.title} description={f.description || undefined} />
            <Section title="Details">
              <Details
                items={[
                  ["ID", <code>{f.id}</code>],
                  ["External id", f.externalId ?? "—"],
                  ["Vendor", f.vendor || "—"],
                  ["Kind", f.kind],
                  ["Tags", f.tags.length ? f.tags.join(", ") : "—"],
                  ["Created", <Time value={f.createdAt} />],
                  ["Updated", <Time value={f.updatedAt} />],
                ]}
              />
            </Section>
            <Section title="Variants">
              <Table
                caption={`Variants of ${f.title}`}
                rows={f.products}
                rowKey={(p: any) => p.id}
                empty={<Empty title="No variants" />}
                columns={[
                  { label: "SKU", render: (p: any) => <code>{p.sku}</code> },
                  { label: "Title", render: (p: any) => (<>{p.title}{p.optionValues.length > 0 && <div class="muted small">{p.optionValues.join(" / ")}</div>}</>) },
                  { label: "Price", render: (p: any) => <MoneyText value={p.price} /> },
                  { label: "Weight", render: (p: any) => (p.weight != null ? `${p.weight} ${p.weightUnit ?? ""}` : "—") },
                  { label: "UPC", render: (p: any) => p.upc ?? "—" },
                ]}
              />
            </Section>
          </>
        )
      }
    </QueryView>
  );
}
