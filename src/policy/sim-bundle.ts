// The simulation worker's code (src/policy/sim-worker.ts and what it imports) as one CommonJS script, for
// `new Worker(code, { eval: true })`: a worker cannot load TypeScript under tsx, so esbuild (tsx's own)
// bundles it, 66 KB in ~0.3 s. Kept in memory for the process and on disk under node_modules/.cache/retour
// by the hash of its inputs' contents (esbuild's package.json, each input's path and text, as the last
// bundle's manifest lists them): a process whose sources did not change since the last bundle reads it back in a
// few milliseconds instead of bundling again. A cache that cannot be written only costs the bundling.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./sim-worker.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CACHE = `${ROOT}node_modules/.cache/retour`;
const MANIFEST = `${CACHE}/sim-worker.json`;

let code: Promise<string> | null = null;

/** The worker's script (bundled once per change of its sources). */
export function simWorkerCode(): Promise<string> {
  code ??= cached().then((hit) => hit ?? bundle());
  code.catch(() => {
    code = null; // tried again by the next run
  });
  return code;
}

/** esbuild's version is part of the hash through its package.json, listed with the inputs. */
const ESBUILD = createRequire(import.meta.url).resolve("esbuild/package.json");

async function hashOf(inputs: string[]): Promise<string> {
  const h = createHash("sha256");
  for (const file of inputs) h.update(`\0${file}\0`).update(await readFile(file.startsWith("/") ? file : `${ROOT}${file}`));
  return h.digest("hex");
}

/** The last bundle when none of its inputs changed since. */
async function cached(): Promise<string | null> {
  try {
    const m = JSON.parse(await readFile(MANIFEST, "utf8")) as { hash: string; inputs: string[] };
    if ((await hashOf(m.inputs)) !== m.hash) return null;
    return await readFile(`${CACHE}/sim-worker-${m.hash}.cjs`, "utf8");
  } catch {
    return null;
  }
}

async function bundle(): Promise<string> {
  const esbuild = await import("esbuild");
  const out = await esbuild.build({
    entryPoints: [ENTRY],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // Packages' ES module builds first, so that what is not used is left out (graphql's error alone).
    mainFields: ["module", "main"],
    external: ["better-sqlite3", "pg"],
    logLevel: "silent",
  });
  const text = out.outputFiles[0]!.text;
  const inputs = [ESBUILD, ...Object.keys(out.metafile.inputs).sort()];
  try {
    const hash = await hashOf(inputs);
    await mkdir(CACHE, { recursive: true });
    const tmp = `.${process.pid}.tmp`;
    await writeFile(`${CACHE}/sim-worker-${hash}.cjs${tmp}`, text);
    await rename(`${CACHE}/sim-worker-${hash}.cjs${tmp}`, `${CACHE}/sim-worker-${hash}.cjs`);
    await writeFile(`${MANIFEST}${tmp}`, JSON.stringify({ hash, inputs }));
    await rename(`${MANIFEST}${tmp}`, MANIFEST);
  } catch {
    // not kept: the next process bundles again
  }
  return text;
}
