// The platform's return list without paginate: a bare JSON array of the whole window (up to its bound),
// written page by page as the door reads the core's keyset pages, so the process holds one page at a time
// whatever the window's size, and a client that reads slowly holds the paging back (backpressure). The
// bytes are those of serialising the whole array at once: `[`, each return serialised by its own schema,
// commas between, `]`.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Reply } from "../door.js";
import { serialize } from "../declare.js";
import { renderReturn, ReturnListItem, type CoreReturn } from "./shapes.js";

export interface ListPage {
  returns: CoreReturn[];
  nextCursor: string | null;
}

async function* chunks(first: ListPage, next: (cursor: string) => Promise<ListPage>, max: number) {
  let written = 0;
  yield "[";
  for (let page: ListPage | null = first; page; ) {
    const room = max - written;
    const returns = page.returns.length > room ? page.returns.slice(0, room) : page.returns;
    if (returns.length) yield (written ? "," : "") + returns.map((r) => serialize(ReturnListItem, renderReturn(r, "list"))).join(",");
    written += returns.length;
    page = page.nextCursor && written < max ? await next(page.nextCursor) : null;
  }
  yield "]";
}

/** The reply that streams the list from its first page on. */
export function streamedList(first: ListPage, next: (cursor: string) => Promise<ListPage>, max: number): Reply {
  return {
    status: 200,
    async stream(res) {
      res.status(200).type("application/json");
      await pipeline(Readable.from(chunks(first, next, max), { objectMode: false }), res);
    },
  };
}
