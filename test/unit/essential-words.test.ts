// A search's words less those another word implies (src/core/text-search.ts, essentialWords): a text holds
// every word of the search exactly when it holds every word kept, whatever the words and the text; no word
// kept lies inside another kept one; the words kept are the search's own, in its order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { essentialWords } from "../../src/core/text-search.js";

const holds = (text: string, word: string) => text.toLowerCase().includes(word.toLowerCase());
// Words over a small alphabet (cases mixed, a letter without a simple case pair) so that they often contain each other.
const word = fc.stringMatching(/^[abAB1İı]{1,5}$/);

describe("essentialWords", () => {
  it("keeps exactly the texts that hold every word", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.array(word, { maxLength: 6 }), (words, pieces) => {
        const kept = essentialWords(words);
        expect(kept.length).toBeGreaterThan(0);
        // Texts made of the words themselves and other pieces, so that some hold all of them.
        for (const text of [words.join(" "), pieces.join(""), [...words, ...pieces].join(""), kept.join("")])
          expect(kept.every((w) => holds(text, w))).toBe(words.every((w) => holds(text, w)));
        for (const [i, a] of kept.entries())
          for (const [j, b] of kept.entries()) if (i !== j) expect(holds(b, a) && holds(a, b)).toBe(false);
        // A subsequence of the search's words.
        let at = 0;
        for (const w of kept) {
          at = words.indexOf(w, at) + 1;
          expect(at).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("drops the surname inside a first name, and a repeated word", () => {
    expect(essentialWords(["Shopper300", "Hopper"])).toEqual(["Shopper300"]);
    expect(essentialWords(["ada", "ADA", "lovelace"])).toEqual(["ada", "lovelace"]);
    expect(essentialWords(["1007", "#11007"])).toEqual(["#11007"]);
  });
});
