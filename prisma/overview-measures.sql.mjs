// Writes the hand-written part of the migration overview_measures for both engines (run once:
// `node prisma/overview-measures.sql.mjs`, appended to the migrations Prisma wrote; kept beside them so the
// triggers can be read and regenerated as one text). Each trigger adds a row's figures (sign +1) or takes
// them back (-1) through the same grouped upserts as the migration return_item_daily.
import { appendFileSync, readdirSync } from "node:fs";

const BUCKETS = [1, 2, 4, 8, 12, 24, 36, 48, 72, 96, 120, 168, 240, 336, 504, 720, 1440, 2160, 4320, 8760, 87600];
const STAGES = { arrival: ["delivered", "in_review", "complete"], refund: ["complete"] };

function dialect(pg) {
  return {
    pg,
    day: (c) => (pg ? `to_char(${c}, 'YYYY-MM-DD')` : `substr(${c}, 1, 10)`),
    month: (c) => (pg ? `to_char(${c}, 'YYYY-MM')` : `substr(${c}, 1, 7)`),
    secs: (a, b) =>
      pg
        ? `GREATEST(0, ROUND(EXTRACT(EPOCH FROM (${a} - ${b})))::bigint)`
        : `MAX(0, CAST(ROUND((julianday(${a}) - julianday(${b})) * 86400) AS INTEGER))`,
    ne: (a, b) => (pg ? `${a} IS DISTINCT FROM ${b}` : `${a} IS NOT ${b}`),
    big: (e) => (pg ? `${e}::bigint` : e),
  };
}

const vtitle = (l) => `${l}."title" || COALESCE(' / ' || NULLIF(${l}."variantTitle", ''), '')`;

/** One trigger: `when` reads only OLD/NEW (PostgreSQL's WHEN), `guard` may hold subqueries. */
function trigger(D, { name, timing, event, table, when, guard, body }) {
  const cond = [when, guard].filter(Boolean);
  if (!D.pg) {
    const w = cond.length ? `\n  WHEN ${cond.map((c) => `(${c})`).join(" AND ")}` : "";
    return `CREATE TRIGGER "${name}" ${timing} ${event} ON "${table}"${w}\nBEGIN\n${body.join("\n")}\nEND;\n`;
  }
  const fn = name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  const inner = guard ? `  IF ${guard} THEN\n${body.join("\n")}\n  END IF;` : body.join("\n");
  const ret = timing === "BEFORE" ? "OLD" : "NULL";
  return `CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n${inner}\n  RETURN ${ret};\nEND $$;\nCREATE TRIGGER "${name}" ${timing} ${event} ON "${table}"\n  FOR EACH ROW${when ? ` WHEN (${when})` : ""} EXECUTE FUNCTION "${fn}"();\n`;
}

// ---- Units sold: OrderUnitsDaily -------------------------------------------------------------------
function sold(src) {
  const dims = [
    ["all", "d", "nokey", "nokey"],
    ["product", "d", "pid", "title"],
    ["product-month", "m", "pid", "title"],
    ["variant", "d", "vid", "vtitle"],
    ["variant-month", "m", "vid", "vtitle"],
  ];
  return dims.map(
    ([dim, day, key, title]) => `  INSERT INTO "OrderUnitsDaily" ("storeId", "dimension", "day", "key", "title", "lines", "units")
    SELECT x.s, '${dim}', x.${day}, x.${key}, MAX(x.${title}), SUM(x.sg), SUM(x.sg * x.q) FROM (${src}) x WHERE true GROUP BY x.s, x.${day}, x.${key}
    ON CONFLICT ("storeId", "dimension", "day", "key") DO UPDATE SET "lines" = "OrderUnitsDaily"."lines" + excluded."lines", "units" = "OrderUnitsDaily"."units" + excluded."units", "title" = excluded."title";`,
  );
}
const soldCols = (D, o, l, sg) =>
  `${o}."storeId" AS s, ${D.day(`${o}."placedAt"`)} AS d, ${D.month(`${o}."placedAt"`)} AS m, ${l}."productId" AS pid, COALESCE(${l}."variantId", '') AS vid, ${l}."title" AS title, ${vtitle(l)} AS vtitle, ${D.big(`${l}."quantity"`)} AS q, ${sg} AS sg, '' AS nokey`;
const soldOfLine = (D, L, sg) => `SELECT ${soldCols(D, "o", L, sg)} FROM "Order" o WHERE o."id" = ${L}."orderId"`;
const soldOfOrder = (D, O, sg) => `SELECT ${soldCols(D, O, "li", sg)} FROM "OrderLineItem" li WHERE li."orderId" = ${O}."id"`;

function soldTriggers(D) {
  const lineCols = ["orderId", "quantity", "productId", "variantId", "title", "variantTitle"];
  return [
    trigger(D, {
      name: "OrderUnitsDaily_line_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "OrderLineItem",
      body: sold(soldOfLine(D, "NEW", 1)),
    }),
    trigger(D, {
      name: "OrderUnitsDaily_line_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "OrderLineItem",
      body: sold(soldOfLine(D, "OLD", -1)),
    }),
    trigger(D, {
      name: "OrderUnitsDaily_line_update",
      timing: "AFTER",
      event: `UPDATE OF ${lineCols.map((c) => `"${c}"`).join(", ")}`,
      table: "OrderLineItem",
      when: lineCols.map((c) => D.ne(`OLD."${c}"`, `NEW."${c}"`)).join(" OR "),
      body: [...sold(soldOfLine(D, "OLD", -1)), ...sold(soldOfLine(D, "NEW", 1))],
    }),
    trigger(D, {
      name: "OrderUnitsDaily_order_moved",
      timing: "AFTER",
      event: `UPDATE OF "placedAt", "storeId"`,
      table: "Order",
      when: `${D.ne('OLD."storeId"', 'NEW."storeId"')} OR ${D.ne(D.day('OLD."placedAt"'), D.day('NEW."placedAt"'))}`,
      body: [...sold(soldOfOrder(D, "OLD", -1)), ...sold(soldOfOrder(D, "NEW", 1))],
    }),
    trigger(D, {
      name: "OrderUnitsDaily_order_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "Order",
      body: sold(soldOfOrder(D, "OLD", -1)),
    }),
  ];
}

// ---- Units returned per variant: ReturnItemDaily variant / variant-month ------------------------------
const UPSERT_RID = `ON CONFLICT ("storeId", "dimension", "day", "key", "currency") DO UPDATE SET "items" = "ReturnItemDaily"."items" + excluded."items", "units" = "ReturnItemDaily"."units" + excluded."units", "value" = "ReturnItemDaily"."value" + excluded."value", "goods" = "ReturnItemDaily"."goods" + excluded."goods", "title" = excluded."title";`;
function variants(src) {
  return [
    ["variant", "d"],
    ["variant-month", "m"],
  ].map(
    ([
      dim,
      day,
    ]) => `  INSERT INTO "ReturnItemDaily" ("storeId", "dimension", "day", "key", "currency", "title", "items", "units", "value", "goods")
    SELECT x.s, '${dim}', x.${day}, x.vid, '', MAX(x.vtitle), SUM(x.sg), SUM(x.sg * x.q), 0, 0 FROM (${src}) x WHERE true GROUP BY x.s, x.${day}, x.vid
    ${UPSERT_RID}`,
  );
}
const varCols = (D, r, i, l, sg) =>
  `${r}."storeId" AS s, ${D.day(`${r}."createdAt"`)} AS d, ${D.month(`${r}."createdAt"`)} AS m, COALESCE(${l}."variantId", '') AS vid, ${vtitle(l)} AS vtitle, ${D.big(`${i}."quantity"`)} AS q, ${sg} AS sg`;
const varOfItem = (D, I, sg) =>
  `SELECT ${varCols(D, "r", I, "li", sg)} FROM "Return" r JOIN "OrderLineItem" li ON li."id" = ${I}."lineItemId" WHERE r."id" = ${I}."returnId"`;
const varOfReturn = (D, R, sg) =>
  `SELECT ${varCols(D, R, "ri", "li", sg)} FROM "ReturnItem" ri JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" WHERE ri."returnId" = ${R}."id"`;
const varOfOrder = (D, O, sg) =>
  `SELECT ${varCols(D, "r", "ri", "li", sg)} FROM "Return" r JOIN "ReturnItem" ri ON ri."returnId" = r."id" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" WHERE r."orderId" = ${O}."id"`;
const varOfLine = (D, L, sg) =>
  `SELECT ${varCols(D, "r", "ri", L, sg)} FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" WHERE ri."orderId" = ${L}."orderId" AND ri."lineItemId" = ${L}."id"`;

function variantTriggers(D) {
  const itemCols = ["returnId", "lineItemId", "quantity"];
  const lineCols = ["variantId", "title", "variantTitle"];
  return [
    trigger(D, {
      name: "ReturnItemDaily_variant_item_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "ReturnItem",
      body: variants(varOfItem(D, "NEW", 1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_variant_item_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "ReturnItem",
      body: variants(varOfItem(D, "OLD", -1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_variant_item_update",
      timing: "AFTER",
      event: `UPDATE OF ${itemCols.map((c) => `"${c}"`).join(", ")}`,
      table: "ReturnItem",
      when: itemCols.map((c) => D.ne(`OLD."${c}"`, `NEW."${c}"`)).join(" OR "),
      body: [...variants(varOfItem(D, "OLD", -1)), ...variants(varOfItem(D, "NEW", 1))],
    }),
    trigger(D, {
      name: "ReturnItemDaily_variant_return_moved",
      timing: "AFTER",
      event: `UPDATE OF "createdAt", "storeId"`,
      table: "Return",
      when: `${D.ne('OLD."storeId"', 'NEW."storeId"')} OR ${D.ne(D.day('OLD."createdAt"'), D.day('NEW."createdAt"'))}`,
      body: [...variants(varOfReturn(D, "OLD", -1)), ...variants(varOfReturn(D, "NEW", 1))],
    }),
    trigger(D, {
      name: "ReturnItemDaily_variant_order_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "Order",
      body: variants(varOfOrder(D, "OLD", -1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_variant_return_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "Return",
      guard: `OLD."orderId" IS NULL OR EXISTS (SELECT 1 FROM "Order" WHERE "id" = OLD."orderId")`,
      body: variants(varOfReturn(D, "OLD", -1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_variant_line_update",
      timing: "AFTER",
      event: `UPDATE OF ${lineCols.map((c) => `"${c}"`).join(", ")}`,
      table: "OrderLineItem",
      when: lineCols.map((c) => D.ne(`OLD."${c}"`, `NEW."${c}"`)).join(" OR "),
      body: [...variants(varOfLine(D, "OLD", -1)), ...variants(varOfLine(D, "NEW", 1))],
    }),
  ];
}

// ---- Request → arrival → refund: ReturnStageDaily -----------------------------------------------------
const bucketOf = (secs) =>
  `CASE ${BUCKETS.slice(0, -1)
    .map((b) => `WHEN ${secs} <= ${b * 3600} THEN ${b}`)
    .join(" ")} ELSE ${BUCKETS.at(-1)} END`;
const inSet = (col, stage) => `${col} IN (${STAGES[stage].map((s) => `'${s}'`).join(", ")})`;
/** `src` selects s, d, secs, sg. */
function stageUpsert(stage, src) {
  return `  INSERT INTO "ReturnStageDaily" ("storeId", "stage", "day", "bucket", "count", "seconds")
    SELECT y.s, '${stage}', y.d, y.b, SUM(y.sg), SUM(y.sg * y.secs) FROM (SELECT x.s, x.d, x.secs, ${bucketOf("x.secs")} AS b, x.sg FROM (${src}) x WHERE true) y WHERE true GROUP BY y.s, y.d, y.b
    ON CONFLICT ("storeId", "stage", "day", "bucket") DO UPDATE SET "count" = "ReturnStageDaily"."count" + excluded."count", "seconds" = "ReturnStageDaily"."seconds" + excluded."seconds";`;
}
const stageCols = (D, r, t, sg) =>
  `${r}."storeId" AS s, ${D.day(`${r}."createdAt"`)} AS d, ${D.secs(t, `${r}."createdAt"`)} AS secs, ${sg} AS sg`;
/** The first time the return reached the stage, among its entries other than `except`. */
const firstOf = (stage, returnId, except) =>
  `(SELECT MIN(e."createdAt") AS t FROM "ReturnTimelineEntry" e WHERE e."returnId" = ${returnId} AND ${inSet('e."toStatus"', stage)}${except ? ` AND e."id" <> ${except}` : ""})`;

function stageTriggers(D) {
  const out = [];
  const insertBody = [];
  const deleteBody = [];
  const movedBody = [];
  const deleteReturnBody = [];
  for (const stage of Object.keys(STAGES)) {
    // A new entry earlier than the stage's first one: the old first is taken back, the new one counted.
    insertBody.push(
      stageUpsert(
        stage,
        `SELECT ${stageCols(D, "r", "m.t", -1)} FROM "Return" r JOIN ${firstOf(stage, 'NEW."returnId"', 'NEW."id"')} m ON m.t IS NOT NULL AND NEW."createdAt" < m.t WHERE r."id" = NEW."returnId" AND ${inSet('NEW."toStatus"', stage)}`,
      ),
      stageUpsert(
        stage,
        `SELECT ${stageCols(D, "r", 'NEW."createdAt"', 1)} FROM "Return" r JOIN ${firstOf(stage, 'NEW."returnId"', 'NEW."id"')} m ON m.t IS NULL OR NEW."createdAt" < m.t WHERE r."id" = NEW."returnId" AND ${inSet('NEW."toStatus"', stage)}`,
      ),
    );
    // The first entry deleted (its return still there): taken back, the next one counted.
    deleteBody.push(
      stageUpsert(
        stage,
        `SELECT ${stageCols(D, "r", 'OLD."createdAt"', -1)} FROM "Return" r JOIN ${firstOf(stage, 'OLD."returnId"', 'OLD."id"')} m ON m.t IS NULL OR OLD."createdAt" < m.t WHERE r."id" = OLD."returnId" AND ${inSet('OLD."toStatus"', stage)}`,
      ),
      stageUpsert(
        stage,
        `SELECT ${stageCols(D, "r", "m.t", 1)} FROM "Return" r JOIN ${firstOf(stage, 'OLD."returnId"', 'OLD."id"')} m ON m.t IS NOT NULL AND OLD."createdAt" < m.t WHERE r."id" = OLD."returnId" AND ${inSet('OLD."toStatus"', stage)}`,
      ),
    );
    const ofReturn = (R, sg) => `SELECT ${stageCols(D, R, "m.t", sg)} FROM ${firstOf(stage, `${R}."id"`)} m WHERE m.t IS NOT NULL`;
    movedBody.push(stageUpsert(stage, ofReturn("OLD", -1)), stageUpsert(stage, ofReturn("NEW", 1)));
    deleteReturnBody.push(stageUpsert(stage, ofReturn("OLD", -1)));
  }
  const any = inSet("X", "arrival");
  out.push(
    trigger(D, {
      name: "ReturnStageDaily_entry_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "ReturnTimelineEntry",
      when: any.replace("X", 'NEW."toStatus"'),
      body: insertBody,
    }),
    trigger(D, {
      name: "ReturnStageDaily_entry_delete",
      timing: "AFTER",
      event: "DELETE",
      table: "ReturnTimelineEntry",
      when: any.replace("X", 'OLD."toStatus"'),
      body: deleteBody,
    }),
    trigger(D, {
      name: "ReturnStageDaily_return_moved",
      timing: "AFTER",
      event: `UPDATE OF "createdAt", "storeId"`,
      table: "Return",
      when: `${D.ne('OLD."storeId"', 'NEW."storeId"')} OR ${D.ne('OLD."createdAt"', 'NEW."createdAt"')}`,
      body: movedBody,
    }),
    trigger(D, { name: "ReturnStageDaily_return_delete", timing: "BEFORE", event: "DELETE", table: "Return", body: deleteReturnBody }),
  );
  return out;
}

// ---- Fees: ReturnItemDaily fee -----------------------------------------------------------------------
function fees(src) {
  return [
    `  INSERT INTO "ReturnItemDaily" ("storeId", "dimension", "day", "key", "currency", "title", "items", "units", "value", "goods")
    SELECT x.s, 'fee', x.d, x.k, x.cur, '', SUM(x.sg), 0, SUM(x.sg * x.fee), 0 FROM (${src}) x WHERE x.cur IS NOT NULL GROUP BY x.s, x.d, x.k, x.cur
    ${UPSERT_RID}`,
  ];
}
const feeCols = (D, r, cur, sg) =>
  `${r}."storeId" AS s, ${D.day(`${r}."createdAt"`)} AS d, COALESCE(${r}."returnFeeOn", '') AS k, ${cur} AS cur, ${D.big(`${r}."returnFee"`)} AS fee, ${sg} AS sg`;
const feeOfReturn = (D, R, sg) =>
  `SELECT ${feeCols(D, R, `COALESCE(o."currency", ${R}."currency")`, sg)} FROM (SELECT 1 AS one) one LEFT JOIN "Order" o ON o."id" = ${R}."orderId" WHERE ${R}."returnFee" IS NOT NULL AND ${R}."status" <> 'deleted'`;
const feeOfOrder = (D, O, sg) =>
  `SELECT ${feeCols(D, "r", `COALESCE(${O}."currency", r."currency")`, sg)} FROM "Return" r WHERE r."orderId" = ${O}."id" AND r."returnFee" IS NOT NULL AND r."status" <> 'deleted'`;

function feeTriggers(D) {
  const cols = ["returnFee", "returnFeeOn", "storeId", "orderId", "currency"];
  return [
    trigger(D, {
      name: "ReturnItemDaily_fee_insert",
      timing: "AFTER",
      event: "INSERT",
      table: "Return",
      when: 'NEW."returnFee" IS NOT NULL',
      body: fees(feeOfReturn(D, "NEW", 1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_fee_update",
      timing: "AFTER",
      event: `UPDATE OF ${[...cols, "status", "createdAt"].map((c) => `"${c}"`).join(", ")}`,
      table: "Return",
      when: `(OLD."returnFee" IS NOT NULL OR NEW."returnFee" IS NOT NULL) AND (${cols.map((c) => D.ne(`OLD."${c}"`, `NEW."${c}"`)).join(" OR ")} OR (OLD."status" = 'deleted') <> (NEW."status" = 'deleted') OR ${D.ne(D.day('OLD."createdAt"'), D.day('NEW."createdAt"'))})`,
      body: [...fees(feeOfReturn(D, "OLD", -1)), ...fees(feeOfReturn(D, "NEW", 1))],
    }),
    trigger(D, {
      name: "ReturnItemDaily_fee_return_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "Return",
      when: 'OLD."returnFee" IS NOT NULL',
      guard: `OLD."orderId" IS NULL OR EXISTS (SELECT 1 FROM "Order" WHERE "id" = OLD."orderId")`,
      body: fees(feeOfReturn(D, "OLD", -1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_fee_order_delete",
      timing: "BEFORE",
      event: "DELETE",
      table: "Order",
      body: fees(feeOfOrder(D, "OLD", -1)),
    }),
    trigger(D, {
      name: "ReturnItemDaily_fee_order_currency",
      timing: "AFTER",
      event: `UPDATE OF "currency"`,
      table: "Order",
      when: D.ne('OLD."currency"', 'NEW."currency"'),
      body: [...fees(feeOfOrder(D, "OLD", -1)), ...fees(feeOfOrder(D, "NEW", 1))],
    }),
  ];
}

function backfill(D) {
  const out = [];
  out.push(...sold(`SELECT ${soldCols(D, "o", "li", 1)} FROM "OrderLineItem" li JOIN "Order" o ON o."id" = li."orderId"`));
  out.push(
    ...variants(
      `SELECT ${varCols(D, "r", "ri", "li", 1)} FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId"`,
    ),
  );
  for (const stage of Object.keys(STAGES))
    out.push(
      stageUpsert(
        stage,
        `SELECT ${stageCols(D, "r", "m.t", 1)} FROM "Return" r JOIN (SELECT e."returnId" AS rid, MIN(e."createdAt") AS t FROM "ReturnTimelineEntry" e WHERE ${inSet('e."toStatus"', stage)} GROUP BY e."returnId") m ON m.rid = r."id"`,
      ),
    );
  out.push(
    ...fees(
      `SELECT ${feeCols(D, "r", 'COALESCE(o."currency", r."currency")', 1)} FROM "Return" r LEFT JOIN "Order" o ON o."id" = r."orderId" WHERE r."returnFee" IS NOT NULL AND r."status" <> 'deleted'`,
    ),
  );
  return out.map((s) => s.replace(/^ {2}/gm, ""));
}

const HEADER = `
-- Kept by triggers in the statement's own transaction, whoever writes (hand-written: Prisma models no
-- triggers; written by prisma/overview-measures.sql.mjs and checked by test/http/graphql/overview-measures.test.ts,
-- which compares the overview with the rows themselves after random changes through the doors):
--   OrderUnitsDaily   units sold in all (key ""), per product and per variant (day and month of the order's placedAt);
--   ReturnItemDaily   variant(-month): units asked back per variant; fee: the returns' fees per outcome and currency;
--   ReturnStageDaily  request → arrival and request → refund, counted per bucket of hours, seconds summed.
-- A timeline entry is written once and never changed: an entry's update moves no figure.
`;

const root = new URL(".", import.meta.url).pathname;
for (const [folder, pg] of [
  ["sqlite", false],
  ["postgres", true],
]) {
  const D = dialect(pg);
  const dir = readdirSync(`${root}migrations/${folder}`).find((d) => d.endsWith("_overview_measures"));
  const text = [
    HEADER,
    ...soldTriggers(D),
    ...variantTriggers(D),
    ...stageTriggers(D),
    ...feeTriggers(D),
    "-- The figures of the rows already there, each counted once as the insert triggers count it.",
    ...backfill(D),
    "",
  ].join("\n");
  appendFileSync(`${root}migrations/${folder}/${dir}/migration.sql`, text);
}
export { BUCKETS, STAGES };
