// Work-around for @prisma/adapter-pg 6.19 (prisma#27403, fixed in 7.x): the adapter cannot
// deserialize catalog column types "char" (OID 18), name (19) and their arrays (1002, 1003),
// which the schema engine reads on every command. This pg.Client subclass parses those as
// text / text[] and reports them as OID 25 / 1009. Used by prisma.config.ts (the CLI).
import pg from 'pg';

const OID_REMAP: Record<number, number> = { 18: 25, 19: 25, 1002: 1009, 1003: 1009 };

function remapResult(res: unknown): void {
  const list = Array.isArray(res) ? res : [res];
  for (const r of list) {
    const fields = (r as { fields?: { dataTypeID: number }[] } | undefined)?.fields;
    if (!fields) continue;
    for (const f of fields) {
      const to = OID_REMAP[f.dataTypeID];
      if (to !== undefined) f.dataTypeID = to;
    }
  }
}

type TypeSource = { getTypeParser: (oid: number, format?: string) => unknown };

export class CatalogCompatClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const config = args[0];
    if (config && typeof config === 'object' && typeof config.submit !== 'function') {
      const types: TypeSource = config.types ?? pg.types;
      args[0] = {
        ...config,
        types: {
          getTypeParser: (oid: number, format?: string) => types.getTypeParser(OID_REMAP[oid] ?? oid, format),
        },
      };
    }
    const cbIndex = args.findIndex((a) => typeof a === 'function');
    if (cbIndex >= 0) {
      const cb = args[cbIndex];
      args[cbIndex] = (err: unknown, res: unknown) => {
        if (!err) remapResult(res);
        cb(err, res);
      };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out = (super.query as any)(...args);
    if (out && typeof out.then === 'function') {
      return out.then((res: unknown) => {
        remapResult(res);
        return res;
      });
    }
    return out;
  }
}
