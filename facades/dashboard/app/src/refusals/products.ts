// The products domain's refusals (src/products/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const PRODUCT_WORDS: RefusalWords = {
  PRODUCT_TEXT_BLANK_EDIT: () => "This cannot be left blank; leave the field out to keep what it holds.",
  PRODUCT_TOO_MANY_IMAGES: (p) => `A product can have at most ${p.max} images; this would make ${p.count}.`,
  PRODUCT_FAMILY_NOT_FOUND: () => "This product no longer exists in this store.",
  PRODUCT_NOT_FOUND: () => "This product variant no longer exists in this store.",
  PRODUCT_TOO_MANY_TAGS: (p) => `A product can have at most ${p.max} tags; this would make ${p.count}.`,
  PRODUCT_PRICE_NEEDED: () => "Enter the price too when you change the currency, so the amount is not misread.",
  PRODUCT_PRICE_NEGATIVE: () => "Enter a price of 0 or more.",
  PRODUCT_SKU_TAKEN: (p) => `Another product of this store already has the SKU ${typed(p.sku)}; choose another.`,
  PRODUCT_ID_OR_SKU: () => "Choose the product, or enter its SKU.",
  PRODUCT_UPLOAD_RUNNING: () => "Another product upload is running for this store; try again when it has finished.",
  PRODUCT_TEXT_REQUIRED: () => "This is required.",
  PRODUCT_TEXT_LENGTH: (p) => (Number(p.min) > 0 ? `Enter ${p.min} to ${p.max} characters.` : `Enter at most ${p.max} characters.`),
  PRODUCT_VALUE_UNKNOWN: (p) => `${typed(p.value)} is not one of the choices (${p.values}).`,
  PRODUCT_NUMBER_NEGATIVE: () => "Enter a number of 0 or more.",
  PRODUCT_IMAGE_URL: () => "Enter the image's full web address, starting with https://.",
  PRODUCT_UPLOAD_FAMILIES: (p) => `An upload holds 1 to ${p.max} products.`,
  PRODUCT_TEXT_BLANK: () => "This cannot be left blank.",
  PRODUCT_UPLOAD_VARIANTS: (p) => `A product has 1 to ${p.max} variants; this one has ${p.count}.`,
  PRODUCT_PRICE_MINOR: () => "Enter the price as a whole number of cents (2999 for 29.99), 0 or more.",
  PRODUCT_CURRENCY_INVALID: () => "Enter the currency as its three-letter code, such as USD.",
  PRODUCT_COUNTRY_INVALID: () => "Enter the country of origin as its two-letter code in capitals, such as US.",
};
