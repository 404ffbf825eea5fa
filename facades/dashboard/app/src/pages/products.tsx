// Products: the catalogue as uploaded (product families with their variants), newest first, and a
// family's detail, where the family and each variant are edited. Uploads happen through the API (bulk
// upload); validation (prices, SKUs unique in the store, image URLs) is the core's.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { PRODUCT_FAMILIES, PRODUCT_FAMILY, UPDATE_PRODUCT, UPDATE_PRODUCT_FAMILY } from "./products.ops";
import { fieldErrors } from "../forms";
import {
  Badge,
  Details,
  Empty,
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
import { Dialog, Field, FormFooter, useFocusReturn } from "../ui-forms";
import type { DashboardProductFamiliesQuery, DashboardProductFamilyQuery } from "../codegen/operations";

type Family = NonNullable<DashboardProductFamilyQuery["productFamily"]>;
type Variant = Family["products"][number];
type FamilyRow = DashboardProductFamiliesQuery["productFamilies"]["nodes"][number];

/** The catalogue's kinds in words. */
const kindLabel = (kind: string) => (kind === "NON_SELLABLE" ? "Not for sale (e.g. gift wrap)" : kind === "SELLABLE" ? "For sale" : kind);

export function Products({ storeId }: PageProps) {
  const list = useConnection<FamilyRow, DashboardProductFamiliesQuery>(PRODUCT_FAMILIES, { storeId, first: 25 }, (d) => d.productFamilies);
  return (
    <>
      <PageHeader
        title="Products"
        description="Product families and their variants (SKUs), newest first. Your shop's integration uploads them through the merchant API's product upload (see the API reference)."
      />
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
                  {
                    label: "SKUs",
                    render: (f) => (
                      <span class="small">
                        {f.products
                          .slice(0, 4)
                          .map((p) => p.sku)
                          .join(", ")}
                        {f.products.length > 4 ? ", …" : ""}
                      </span>
                    ),
                  },
                  { label: "Kind", render: (f) => <Badge>{kindLabel(f.kind)}</Badge> },
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
  const q = useQuery<DashboardProductFamilyQuery>(PRODUCT_FAMILY, { storeId, id: params.id });
  const [editing, setEditing] = useState<{ family: true } | { variant: Variant } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const focus = useFocusReturn();
  const close = () => (setEditing(null), focus.restore());
  const saved = (message: string) => (close(), setNotice(message), q.reload());
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
            <PageHeader
              title={f.title}
              description={f.description || undefined}
              actions={
                <button type="button" onClick={(e) => (focus.remember(e), setEditing({ family: true }))}>
                  Edit product
                </button>
              }
            />
            <Notice>{notice}</Notice>
            {editing && "family" in editing && (
              <FamilyDialog storeId={storeId} family={f} onClose={close} onSaved={() => saved("Product saved.")} />
            )}
            {editing && "variant" in editing && (
              <VariantDialog
                storeId={storeId}
                variant={editing.variant}
                onClose={close}
                onSaved={(sku) => saved(`Variant ${sku} saved.`)}
              />
            )}
            <Section title="Details">
              <Details
                items={[
                  ["External id", f.externalId ?? "—"],
                  ["Vendor", f.vendor || "—"],
                  ["Product type", f.productType ?? "—"],
                  ["Kind", kindLabel(f.kind)],
                  ["Tags", f.tags.length ? f.tags.join(", ") : "—"],
                  ["Images", <Images images={f.images} />],
                  ["Created", <Time value={f.createdAt} />],
                  ["Updated", <Time value={f.updatedAt} />],
                ]}
              />
            </Section>
            <Section title="Variants">
              <Table
                caption={`Variants of ${f.title}`}
                rows={f.products}
                rowKey={(p) => p.id}
                empty={<Empty title="No variants" />}
                columns={[
                  { label: "SKU", render: (p) => <code>{p.sku}</code> },
                  {
                    label: "Title",
                    render: (p) => (
                      <>
                        {p.title}
                        {p.optionValues.length > 0 && <div class="muted small">{p.optionValues.join(" / ")}</div>}
                      </>
                    ),
                  },
                  { label: "Price", render: (p) => <MoneyText value={p.price} /> },
                  { label: "Weight", render: (p) => (p.weight != null ? `${p.weight} ${p.weightUnit ?? ""}` : "—") },
                  { label: "UPC", render: (p) => p.upc ?? "—" },
                  { label: "Images", render: (p) => <Images images={p.images} /> },
                  {
                    label: "",
                    render: (p) => (
                      <button
                        type="button"
                        class="secondary small"
                        aria-label={`Edit variant ${p.sku}`}
                        onClick={(e) => (focus.remember(e), setEditing({ variant: p }))}
                      >
                        Edit
                      </button>
                    ),
                  },
                ]}
              />
            </Section>
          </>
        )
      }
    </QueryView>
  );
}

interface Image {
  url: string;
  altText: string;
}

function Images({ images }: { images: Image[] }) {
  if (!images.length) return <span class="muted">—</span>;
  return (
    <ul class="plain">
      {images.map((i) => (
        <li>
          <a href={i.url} rel="noreferrer noopener" target="_blank">
            {i.altText || i.url}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Images as the textarea shows them: one per line, the URL then its alt text. */
const imagesText = (images: Image[]) => images.map((i) => [i.url, i.altText].filter(Boolean).join(" ")).join("\n");
function parseImages(text: string): Image[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [url, ...alt] = l.split(/\s+/);
      return { url, altText: alt.join(" ") };
    });
}
const IMAGES_HINT = "One image per line: its https URL, then optionally a space and its alt text.";

function FamilyDialog({
  storeId,
  family,
  onClose,
  onSaved,
}: {
  storeId: string;
  family: Family;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    title: family.title,
    description: family.description,
    vendor: family.vendor,
    productType: family.productType ?? "",
    tags: family.tags.join(", "),
    images: imagesText(family.images),
  });
  const m = useMutation(UPDATE_PRODUCT_FAMILY);
  const errors = fieldErrors(m.error, {
    "input.title": "Title",
    "input.description": "Description",
    "input.vendor": "Vendor",
    "input.productType": "Product type",
    "input.tags": "Tags",
    "input.images": "Images",
  });
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    const input = {
      title: form.title,
      description: form.description,
      vendor: form.vendor,
      productType: form.productType,
      tags: form.tags
        .split(",")
        .map((t: string) => t.trim())
        .filter(Boolean),
      images: parseImages(form.images),
    };
    if (await m.run({ storeId, id: family.id, input })) onSaved();
  };
  return (
    <Dialog open title="Edit product" onClose={onClose}>
      <form onSubmit={submit}>
        <Field label="Title" error={errors.fields["input.title"]}>
          <input name="title" required maxLength={500} value={form.title} onInput={set("title")} />
        </Field>
        <Field label="Description" error={errors.fields["input.description"]}>
          <textarea name="description" maxLength={5000} value={form.description} onInput={set("description")} />
        </Field>
        <div class="grid-2">
          <Field label="Vendor" error={errors.fields["input.vendor"]}>
            <input name="vendor" maxLength={255} value={form.vendor} onInput={set("vendor")} />
          </Field>
          <Field label="Product type" hint="Return policy rules can match it." error={errors.fields["input.productType"]}>
            <input name="productType" maxLength={255} value={form.productType} onInput={set("productType")} />
          </Field>
        </div>
        <Field label="Tags" hint="Separated by commas." error={errors.fields["input.tags"]}>
          <input name="tags" value={form.tags} onInput={set("tags")} />
        </Field>
        <Field label="Images" hint={IMAGES_HINT} error={errors.fields["input.images"]}>
          <textarea name="images" value={form.images} onInput={set("images")} />
        </Field>
        <FormFooter error={errors.other} busy={m.busy} submitLabel="Save product" busyLabel="Saving…" onClose={onClose} />
      </form>
    </Dialog>
  );
}

const WEIGHT_UNITS = ["g", "kg", "lb", "oz", "t"];

function VariantDialog({
  storeId,
  variant,
  onClose,
  onSaved,
}: {
  storeId: string;
  variant: Variant;
  onClose: () => void;
  onSaved: (sku: string) => void;
}) {
  const [form, setForm] = useState({
    title: variant.title,
    sku: variant.sku,
    upc: variant.upc ?? "",
    price: variant.price.amount,
    weight: variant.weight == null ? "" : String(variant.weight),
    weightUnit: variant.weightUnit ?? "",
    images: imagesText(variant.images),
  });
  const [weightError, setWeightError] = useState<string | null>(null);
  const m = useMutation<{ updateProduct: { sku: string } }>(UPDATE_PRODUCT);
  const errors = fieldErrors(
    m.error,
    {
      "input.title": "Title",
      "input.sku": "SKU",
      "input.upc": "UPC",
      "input.price": "Price",
      "input.weight": "Weight",
      "input.weightUnit": "Weight unit",
      "input.images": "Images",
    },
    { "input.weight": weightError },
  );
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    const weight = form.weight.trim() === "" ? null : Number(form.weight);
    if (weight !== null && !(weight >= 0)) return setWeightError("Enter the weight as a number, e.g. 640, or leave it empty.");
    setWeightError(null);
    const input = {
      title: form.title,
      sku: form.sku,
      upc: form.upc.trim() || null,
      price: form.price.trim(),
      weight,
      weightUnit: form.weightUnit || null,
      images: parseImages(form.images),
    };
    const res = await m.run({ storeId, id: variant.id, input });
    if (res) onSaved(res.updateProduct.sku);
  };
  return (
    <Dialog open title={`Edit variant ${variant.sku}`} onClose={onClose}>
      <form onSubmit={submit}>
        <div class="grid-2">
          <Field label="Title" error={errors.fields["input.title"]}>
            <input name="title" maxLength={500} value={form.title} onInput={set("title")} />
          </Field>
          <Field label="SKU" hint="Unique in your store." error={errors.fields["input.sku"]}>
            <input name="sku" required maxLength={255} value={form.sku} onInput={set("sku")} />
          </Field>
          <Field label={`Price (${variant.price.currency})`} error={errors.fields["input.price"]}>
            <input name="price" required inputMode="decimal" value={form.price} onInput={set("price")} />
          </Field>
          <Field label="UPC" error={errors.fields["input.upc"]}>
            <input name="upc" maxLength={50} value={form.upc} onInput={set("upc")} />
          </Field>
          <Field label="Weight" error={errors.fields["input.weight"]}>
            <input name="weight" inputMode="decimal" value={form.weight} onInput={set("weight")} />
          </Field>
          <Field label="Weight unit" error={errors.fields["input.weightUnit"]}>
            <select name="weightUnit" value={form.weightUnit} onChange={set("weightUnit")}>
              <option value="">—</option>
              {WEIGHT_UNITS.map((u) => (
                <option value={u}>{u}</option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Images" hint={IMAGES_HINT} error={errors.fields["input.images"]}>
          <textarea name="images" value={form.images} onInput={set("images")} />
        </Field>
        <FormFooter error={errors.other} busy={m.busy} submitLabel="Save variant" busyLabel="Saving…" onClose={onClose} />
      </form>
    </Dialog>
  );
}
