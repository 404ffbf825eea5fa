// The product upload's input shapes, in the domain's names (GraphQL `uploadProducts`); the merchant file
// format's snake_case spelling is the REST door's (facades/rest/routes/products.ts) and the deprecated
// `bulkUploadProducts`' (src/products/legacy-upload.ts).
export interface ImageInput {
  url: string;
  altText?: string | null;
}
/** An image as a family or variant row stores it (`images` JSON): the upload format's spelling, kept for the rows written so. */
export interface StoredImage {
  url: string;
  alt_text: string;
}
export interface VariantInput {
  id?: string | null;
  externalId?: string | null;
  title?: string | null;
  sku: string;
  upc?: string | null;
  barcodes?: string[] | null;
  price: number;
  currency: string;
  weight?: number | null;
  weightUnit?: string | null;
  width?: number | null;
  length?: number | null;
  height?: number | null;
  dimensionUnit?: string | null;
  hsCode?: string | null;
  originCountry?: string | null;
  optionValues?: string[] | null;
  images?: ImageInput[] | null;
}
export interface FamilyInput {
  familyId?: string | null;
  externalId?: string | null;
  title: string;
  description?: string | null;
  vendor?: string | null;
  /** The product's type, which policy rules match. */
  productType?: string | null;
  tags?: string[] | null;
  kind?: string | null;
  options?: { name: string; values: string[] }[] | null;
  images?: ImageInput[] | null;
  variants: VariantInput[];
}

/** Images as the rows store them. */
export const storedImages = (images: ImageInput[] | null | undefined): StoredImage[] =>
  (images ?? []).map((i) => ({ url: i.url, alt_text: i.altText ?? "" }));
