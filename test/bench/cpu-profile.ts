// BENCH_CPU_PROF=<dir>: a V8 CPU profile of one measured phase (e.g. a webhook drain), written as
// <dir>/<label>-<pid>.cpuprofile (open in Chrome DevTools or summarise with cpu-profile-summary.ts).
import { Session } from "node:inspector/promises";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Starts profiling when BENCH_CPU_PROF is set; the returned function stops and writes the profile. */
export async function profilePhase(label: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${label}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}
