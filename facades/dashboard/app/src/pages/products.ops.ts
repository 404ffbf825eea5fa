// The GraphQL documents of pages/products.tsx, beside it (operations.ts lists them for the schema and cost checks).
import { MONEY } from "../fragments.js";

export const PRODUCT_FAMILIES = `query DashboardProductFamilies($storeId: ID!, $first: Int, $after: String) {
  productFamilies(storeId: $storeId, first: $first, after: $after) {
    nodes { id externalId title vendor kind tags updatedAt products { id sku price { ${MONEY} } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const PRODUCT_FIELDS = `id externalId sku title upc price { ${MONEY} } weight weightUnit optionValues updatedAt images { url altText }`;

export const PRODUCT_FAMILY = `query DashboardProductFamily($storeId: ID!, $id: ID!) {
  productFamily(storeId: $storeId, id: $id) {
    id externalId title description vendor productType kind tags createdAt updatedAt images { url altText }
    products { ${PRODUCT_FIELDS} }
  }
}`;

export const UPDATE_PRODUCT_FAMILY = `mutation DashboardUpdateProductFamily($storeId: ID!, $id: ID!, $input: ProductFamilyEditInput!) {
  updateProductFamily(storeId: $storeId, id: $id, input: $input) { id }
}`;

export const UPDATE_PRODUCT = `mutation DashboardUpdateProduct($storeId: ID!, $id: ID!, $input: ProductEditInput!) {
  updateProduct(storeId: $storeId, id: $id, input: $input) { ${PRODUCT_FIELDS} }
}`;
