// The dashboard's mapping of the core's field errors to the form's fields and labels.
import { describe, expect, it } from "vitest";
import { fieldErrors, withLabels } from "../../facades/dashboard/app/src/forms.js";

const LABELS = { "input.price": "Price", "input.images": "Images", scopes: "Scopes" };

describe("dashboard form errors", () => {
  it("puts the core's error next to its field, with the API path replaced by the label", () => {
    const out = fieldErrors({ message: "`input.price` has more decimals than USD allows (2).", field: "input.price" }, LABELS);
    expect(out).toEqual({ fields: { "input.price": "“Price” has more decimals than USD allows (2)." }, other: null });
  });

  it("matches a nested path to the form's field that holds it", () => {
    const out = fieldErrors({ message: "`input.images[1].url` must be an absolute http(s) URL.", field: "input.images[1].url" }, LABELS);
    expect(out.fields).toEqual({ "input.images": "“Images” must be an absolute http(s) URL." });
    expect(withLabels("`input.imagesX` stays", LABELS)).toBe("`input.imagesX` stays");
  });

  it("leaves an error of no field of the form to the form as a whole", () => {
    const error = { message: "Store not found.", field: null };
    expect(fieldErrors(error, LABELS)).toEqual({ fields: {}, other: error });
    expect(fieldErrors({ message: "x", field: "input.sku" }, LABELS).other).not.toBeNull();
  });

  it("shows the form's own checks first", () => {
    const out = fieldErrors({ message: "`scopes` must hold at least one scope.", field: "scopes" }, LABELS, {
      scopes: "Choose at least one scope.",
      "input.price": null,
    });
    expect(out).toEqual({ fields: { scopes: "Choose at least one scope." }, other: null });
  });

  it("puts each of the core's listed problems next to its own field", () => {
    const error = {
      message: "`input.price` is negative.",
      field: "input.price",
      problems: [
        { field: "input.price", detail: "`input.price` is negative." },
        { field: "input.images[0].url", detail: "`input.images[0].url` must be https." },
      ],
    };
    expect(fieldErrors(error, LABELS)).toEqual({
      fields: { "input.price": "“Price” is negative.", "input.images": "“Images” must be https." },
      other: null,
    });
    // The form's own check wins on its field; the other problem still shows.
    expect(fieldErrors(error, LABELS, { "input.price": "Enter a price." }).fields).toEqual({
      "input.price": "Enter a price.",
      "input.images": "“Images” must be https.",
    });
    // A problem on no field of the form: the whole error shows above the form too, so nothing is lost.
    const stray = { ...error, problems: [...error.problems, { field: "input.sku", detail: "`input.sku` is taken." }] };
    expect(fieldErrors(stray, LABELS)).toEqual({
      fields: { "input.price": "“Price” is negative.", "input.images": "“Images” must be https." },
      other: stray,
    });
  });
});
