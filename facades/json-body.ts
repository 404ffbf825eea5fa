// Every door's JSON body parser (REST, compat, /graphql): express.json with the body's shape bounded
// before it is parsed or described. A scan of the raw bytes (linear, no recursion) refuses a body
// nested deeper than JSON_SHAPE_BOUNDS.depth or with more entries in one object or array than
// JSON_SHAPE_BOUNDS.entries, so no later walker (validation, error messages, JSON.stringify) can
// overflow the stack or spend time out of proportion on it.
import express, { type RequestHandler } from "express";

export const JSON_SHAPE_BOUNDS = {
  /** Levels of objects and arrays: the deepest published body nests under ten. */
  depth: 64,
  /** Entries of one object or array: a bulk upload's 1 000 families and a return's 500 items fit. */
  entries: 10_000,
} as const;

/** The refusal body-parser forwards (its `verify` keeps our status); doors answer it in their own dialect. */
export class JsonShapeError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly jsonShape = true;
}

/** What an error handler reads of whatever was thrown: body-parser's `type` ("entity.parse.failed") and `status`, and its message. */
export interface Thrown {
  type: string | undefined;
  status: number | undefined;
  message: string;
}

/** The fields a door's error handler reads of a thrown value (Express hands it anything), each checked. */
export function thrown(err: unknown): Thrown {
  const e = (typeof err === "object" && err !== null ? err : {}) as { type?: unknown; status?: unknown; message?: unknown };
  return {
    type: typeof e.type === "string" ? e.type : undefined,
    status: typeof e.status === "number" ? e.status : undefined,
    message: String(e.message),
  };
}

export function isJsonShapeError(err: unknown): err is JsonShapeError {
  return (err as { jsonShape?: unknown } | null)?.jsonShape === true;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** What is wrong with the body's shape, or null. Bytes inside strings are skipped (UTF-8 never reuses ASCII bytes). */
export function jsonShapeProblem(buf: Uint8Array, bounds: { depth: number; entries: number } = JSON_SHAPE_BOUNDS): string | null {
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (commas.length >= bounds.depth)
        return `The JSON body is nested more than ${bounds.depth} levels deep; send at most ${bounds.depth} levels of objects and arrays.`;
      commas.push(0);
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) commas.pop();
    else if (b === COMMA && commas.length > 0 && ++commas[commas.length - 1] >= bounds.entries)
      return `An object or array in the JSON body holds more than ${bounds.entries} entries; send at most ${bounds.entries} per object or array.`;
  }
  return null;
}

/** express.json with the shape bounds; a body past them is refused with a JsonShapeError (status 400). */
export function jsonBody(options: { limit: number; type?: string[] }): RequestHandler {
  return express.json({
    ...options,
    verify: (_req, _res, buf) => {
      const problem = jsonShapeProblem(buf);
      if (problem) throw new JsonShapeError(problem);
    },
  });
}
