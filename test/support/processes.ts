// Helpers for tests that start the service as a process: a free port to give it, and whether a pid still lives.
import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 right now (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
