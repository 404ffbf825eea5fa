// The product upload's input shapes (GraphQL and REST alike).
// Input field names mirror the merchant file format (snake_case), in GraphQL and REST alike.
export interface ImageInput {
  url: string;
  alt_text: string;
}
export interface VariantInput {
  id?: string | null;
  external_id?: string | null;
  title?: string | null;
  sku: string;
  upc?: string | null;
  barcodes?: string[] | null;
  price: number;
  currency: string;
  weight?: number | null;
  weight_unit?: string | null;
  width?: number | null;
  length?: number | null;
  height?: number | null;
  dimension_unit?: string | null;
  hs_code?: string | null;
  origin_country?: string | null;
  option_values?: string[] | null;
  images?: ImageInput[] | null;
}
export interface FamilyInput {
  product_family_id?: string | null;
  external_id?: string | null;
  title: string;
  description?: string | null;
  vendor?: string | null;
  /** Retour's addition to the merchant file format: the product's type, which policy rules match. */
  product_type?: string | null;
  tags?: string[] | null;
  kind?: string | null;
  options?: { name: string; values: string[] }[] | null;
  images?: ImageInput[] | null;
  variants: VariantInput[];
}
