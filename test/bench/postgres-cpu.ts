// CPU time spent by PostgreSQL itself, for the webhook benchmark's "all replicas and PostgreSQL together"
// (issue 34): the server runs on this machine (127.0.0.1), so /proc shows its processes. The figure is the
// postmaster's own time, every live child's (backends, WAL writer, checkpointer, autovacuum workers) and
// the time of children that already ended (the postmaster's cutime/cstime: a backend's time moves there
// when its connection closes and it is reaped). Two readings' difference is what PostgreSQL spent in
// between, whichever backends came and went. It sees the whole server, so other databases' work counts
// too: take it on a quiet server (the bench runs under the machine's exclusive benchmark lock).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { pgConfigOf } from "../../src/db/url.js";

let ticksPerSecond: number | null = null;
function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command's parentheses: [state, ppid, …]; null when gone or unreadable. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

// Field numbers of proc(5), 1-based, less the 2 before the fields statFields returns.
const PPID = 4 - 3;
const UTIME = 14 - 3;
const STIME = 15 - 3;
const CUTIME = 16 - 3;
const CSTIME = 17 - 3;

export interface PostgresCpu {
  /** CPU time (µs) the server has spent so far (see the header); compare two readings. */
  read(): number;
}

/** A reader of the server's CPU time, or null when PostgreSQL is not a process this machine can read. */
export async function postgresCpu(databaseUrl: string): Promise<PostgresCpu | null> {
  const client = new pg.Client(pgConfigOf(databaseUrl));
  await client.connect();
  let own: string[] | null;
  try {
    // Read while the connection is open: its backend ends with it.
    own = statFields(Number((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid));
  } finally {
    await client.end();
  }
  if (!own) return null; // another machine, a container, or /proc not readable
  const postmaster = Number(own[PPID]);
  if (!statFields(postmaster)) return null;
  const ticks = clockTicks();
  const total = (): number => {
    // A child reaped between the two readings of the postmaster would be counted twice or not at all: read again.
    for (;;) {
      const before = statFields(postmaster);
      if (!before) throw new Error("PostgreSQL's postmaster is gone");
      let sum = Number(before[UTIME]) + Number(before[STIME]) + Number(before[CUTIME]) + Number(before[CSTIME]);
      for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        const f = statFields(Number(entry));
        if (f && Number(f[PPID]) === postmaster) sum += Number(f[UTIME]) + Number(f[STIME]);
      }
      const after = statFields(postmaster);
      if (after && after[CUTIME] === before[CUTIME] && after[CSTIME] === before[CSTIME]) return (sum / ticks) * 1e6;
    }
  };
  return { read: total };
}
