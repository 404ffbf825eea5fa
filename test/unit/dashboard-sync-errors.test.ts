// The dashboard words why a shop's order could not come in from the refusal kept with it (a code and its
// parameters), after the part of the order it concerns; an error kept before the codes shows the core's English
// with its paths labelled.
import { describe, expect, it } from "vitest";
import { syncErrorWords } from "../../facades/dashboard/app/src/refusals/shop-sync.js";

const message = "`lineItems[0].quantity` must be an integer from 1 to 1000; got 1001.";

describe("a shop order's sync error in the merchant's words", () => {
  it("words the kept refusal from the catalogue, after the part of the order its field names", () => {
    const refusal = {
      code: "LINE_QUANTITY_OUT_OF_RANGE",
      params: [
        { name: "field", value: "lineItems[0].quantity" },
        { name: "max", value: "1000" },
        { name: "value", value: "1001" },
      ],
    };
    expect(syncErrorWords({ message, refusal })).toBe(
      "An order line's quantity, price or product: An order line holds 1 to 1000 units, in whole units.",
    );
    expect(syncErrorWords({ message: "x", refusal: { code: "SHOP_ORDER_NOT_WRITTEN", params: [] } })).toBe(
      "Retour could not write this order because of an error of its own; it has been logged for the operator.",
    );
  });

  it("shows the English of an error kept before the codes, its paths labelled, and of a code it does not know", () => {
    expect(syncErrorWords({ message, refusal: null })).toBe(
      "“An order line's quantity, price or product” must be an integer from 1 to 1000; got 1001.",
    );
    expect(syncErrorWords({ message: "Something new.", refusal: { code: "SOMETHING_NEW", params: [] } })).toBe("Something new.");
  });
});
