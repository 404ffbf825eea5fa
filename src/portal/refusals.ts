// What the returns portal's settings refuse, as codes with their parameters (src/core/refusals.ts).
import { refusalList } from "../core/refusals.js";

export const PORTAL_REFUSALS = refusalList<{
  /** Another store's portal has the handle `handle`. */
  PORTAL_HANDLE_TAKEN: { handle: string };
}>("Returns portal", {
  PORTAL_HANDLE_TAKEN: {
    status: 400,
    field: "input.handle",
    en: (p) => `\`input.handle\` "${p.handle}" is taken by another store's portal; choose another.`,
  },
});
