// `npx tsx test/bench/cpu-profile-summary.ts <file.cpuprofile> [top]`: self time by package/file and
// by function, to see where a measured phase's CPU went.
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
const [file, topArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
const areaOf = (url: string) => {
  if (!url) return "(native/gc/idle)";
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (nm) return nm[1];
  if (url.startsWith("node:")) return url;
  const src = url.match(/\/(src|test|facades)\/(.*)$/);
  return src ? `${src[1]}/${src[2]}` : url;
};
for (const n of profile.nodes) {
  const t = self.get(n.id) ?? 0;
  if (!t) continue;
  const area = areaOf(n.callFrame.url);
  byArea.set(area, (byArea.get(area) ?? 0) + t);
  const fn = `${n.callFrame.functionName || "(anonymous)"} ${area}:${n.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
}
const top = Number(topArg ?? 25);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
};
show("Self time by area", byArea);
show("Self time by function", byFunction);
