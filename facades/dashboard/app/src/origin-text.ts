// Where a return came from (the core's Return.origin), in the merchant's words.
export const ORIGIN_LABELS: Record<string, string> = {
  shopper_portal: "Shopper portal",
  storefront_api: "Storefront (API)",
  merchant_api: "Merchant API",
  dashboard: "Dashboard",
  imported: "Imported",
  system: "Retour (automatic)",
};

/** The label, or a newer origin than the dashboard knows spelled out as words. */
export function originText(origin: string): string {
  const label = ORIGIN_LABELS[origin];
  if (label) return label;
  const words = origin.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
