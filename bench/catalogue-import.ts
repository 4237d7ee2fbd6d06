import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { EPC_CATALOGUE_BRANDS } from '@partsmall/contract';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { importCatalogue } from '../apps/server/src/features/epc/import/index.js';
import { DEFAULT_LIMITS } from '../apps/server/src/features/epc/import/format.js';
import { folderSource } from '../apps/server/src/features/epc/import/source.js';
import { validateCatalogue } from '../apps/server/src/features/epc/import/validate.js';
import { writeCatalogue } from '../apps/server/src/features/epc/import/write.js';
import { runCatalogueHttp } from './catalogue-http.js';
import { adminUrl, freshBenchDatabase } from './lib.js';

/**
 * `npm run bench -- catalogue`: writes a large synthetic catalogue set as import folders
 * (BENCH_CATALOGUES catalogues, default 250, each with 80 diagrams of 50 part rows and 20
 * vehicles: 1,000,000 part rows, 5,000 vehicles) and imports every folder through the importer
 * into PostgreSQL, reporting rows per second. Then, in interleaved rounds on a few catalogues, it
 * sets the whole import (read, check, COPY) against its COPY stage alone on the same rows: the
 * share of the time the checks cost. Goal: at least 50,000 rows/s.
 */
const CATALOGUES = Number(process.env.BENCH_CATALOGUES ?? 250);
const GROUPS = 10;
const SUBS_PER_GROUP = 4;
const CHILDREN_PER_SUB = 2;
const PARTS_PER_DIAGRAM = 50;
const HOTSPOTS_PER_DIAGRAM = 25;
const VEHICLES = 20;
const CONCURRENCY = Number(process.env.BENCH_IMPORT_CONCURRENCY ?? 2);

const pad = (n: number, len: number) => String(n).padStart(len, '0');

/** One synthetic catalogue folder; returns its row count. */
export function writeCatalogueFolder(dir: string, c: number): number {
  fs.mkdirSync(path.join(dir, 'images'), { recursive: true });
  const brand = EPC_CATALOGUE_BRANDS[c % EPC_CATALOGUE_BRANDS.length]!;
  const mcid = `SYN-${pad(c, 4)}`;
  let rows = 0;
  const write = (name: string, lines: string[]) => {
    fs.writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
    rows += lines.length;
  };
  fs.writeFileSync(
    path.join(dir, 'images/diagram.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 700"><rect width="1000" height="700" fill="#fff"/></svg>',
  );
  write('catalogue.jsonl', [JSON.stringify({ mcid, brand, name: `Synthetic catalogue ${c}` })]);
  const vehicles: string[] = [];
  for (let v = 0; v < VEHICLES; v++) {
    vehicles.push(
      JSON.stringify({
        vin: `SYN${pad(c, 4)}${pad(v, 10)}`,
        model_name: `Model ${c}-${v}`,
        year: 2015 + (v % 10),
        production_date: `20${15 + (v % 10)}-0${1 + (v % 9)}-15`,
        options: [`E${v % 4}`, v % 2 ? 'AWD' : 'RWD', v % 3 ? 'SPORT' : 'BASE'],
        maindata: [
          ['Engine', `E${v % 4}`],
          ['Drive', v % 2 ? 'All-wheel drive' : 'Rear-wheel drive'],
        ],
      }),
    );
  }
  write('vehicles.jsonl', vehicles);
  const words = Array.from({ length: 200 }, (_, i) =>
    JSON.stringify({ term: `Term ${i}`, ko: `용어 ${i}`, zh: `术语 ${i}`, en: `Term ${i}`, vi: `Thuật ngữ ${i}` }),
  );
  write('words.jsonl', words);
  const mains: string[] = [];
  const nodes: string[] = [];
  const diagrams: string[] = [];
  const hotspots: string[] = [];
  const parts: string[] = [];
  const replacements: string[] = [];
  let d = 0;
  for (let g = 0; g < GROUPS; g++) {
    const num = pad(11 + g * 3, 2);
    mains.push(JSON.stringify({ num, label: `Term ${g}` }));
    for (let s = 0; s < SUBS_PER_GROUP; s++) {
      const sub = `${num}_${s}`;
      nodes.push(JSON.stringify({ mid: sub, num, label: `Term ${10 + s}` }));
      for (let k = 0; k < CHILDREN_PER_SUB; k++, d++) {
        const mid = `${sub}_${k}`;
        const diagram = `D${mid}`;
        nodes.push(
          JSON.stringify({
            mid,
            num,
            parent: sub,
            label: `Term ${20 + k}`,
            diagram,
            ...(k === 1 ? { fit_all: ['AWD'] } : {}),
          }),
        );
        diagrams.push(JSON.stringify({ diagram, image: 'images/diagram.svg', max_x: 1000, max_y: 700 }));
        for (let h = 0; h < HOTSPOTS_PER_DIAGRAM; h++)
          hotspots.push(
            JSON.stringify({ diagram, key: String(h + 1), x: 40 + (h % 5) * 190, y: 60 + Math.floor(h / 5) * 120 }),
          );
        for (let p = 0; p < PARTS_PER_DIAGRAM; p++) {
          const pid = `${pad(c, 3)} ${pad(d, 3)} ${pad(p, 4)}`;
          const fit = p % 7 === 0 ? { fit_none: ['SPORT'] } : p % 11 === 0 ? { fit_from: '2019-01-01' } : {};
          parts.push(
            JSON.stringify({
              diagram,
              pnum: String((p % HOTSPOTS_PER_DIAGRAM) + 1),
              itid: `${mid}-${p}`,
              pid,
              label: `Term ${30 + (p % 150)}`,
              standard_label: p % 5 === 0 ? `Term ${180 + (p % 20)}` : '',
              quantity: String(1 + (p % 4)),
              remark: p % 13 === 0 ? 'From 2019-01' : '',
              ...fit,
            }),
          );
          if (p === 0 && d % 2 === 0)
            replacements.push(JSON.stringify({ pid: `${pid}-OLD`, to: pid, kind: 'supersedes' }));
        }
      }
    }
  }
  write('main_groups.jsonl', mains);
  write('nodes.jsonl', nodes);
  write('diagrams.jsonl', diagrams);
  write('hotspots.jsonl', hotspots);
  write('parts.jsonl', parts);
  write('replacements.jsonl', replacements);
  return rows;
}

/** The benchmark's database (BENCH_CATALOGUE_DB, so that two people's runs on one server do not drop each other's). */
const DB_NAME = process.env.BENCH_CATALOGUE_DB ?? 'pm_bench_catalogue';

export async function run() {
  if (process.env.BENCH_CATALOGUE_REUSE === 'true') return runHttpOnly();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bench-catalogue-'));
  const uploadDir = path.join(root, 'uploads');
  try {
    let started = Date.now();
    let fileRows = 0;
    for (let c = 0; c < CATALOGUES; c++) fileRows += writeCatalogueFolder(path.join(root, `c${c}`), c);
    console.log(
      `wrote ${CATALOGUES} catalogue folders, ${fileRows.toLocaleString()} rows, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const url = await freshBenchDatabase(DB_NAME);
    const database = await openDatabase(url, '');
    started = Date.now();
    let rows = 0;
    // Two imports at a time (two cores: one checks a folder while PostgreSQL copies another's rows).
    let next = 0;
    const worker = async () => {
      for (let c = next++; c < CATALOGUES; c = next++) {
        const report = await importCatalogue(database.db, path.join(root, `c${c}`), { uploadDir });
        if (!report.ok) throw new Error(`catalogue ${c} refused: ${JSON.stringify(report.problems.slice(0, 5))}`);
        rows += report.rows;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;
    const [counts] = await queryRows<{ parts: number; vehicles: number; catalogues: number }>(
      database.db,
      sql`select (select count(*)::int from epc_parts) as parts, (select count(*)::int from epc_vehicles) as vehicles, (select count(*)::int from epc_catalogues) as catalogues`,
    );
    console.log(
      `\nimported ${counts!.catalogues} catalogues, ${counts!.vehicles.toLocaleString()} vehicles, ${counts!.parts.toLocaleString()} part rows`,
    );
    console.log(
      `all tables: ${rows.toLocaleString()} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString()} rows/s, ${CONCURRENCY} imports at a time (goal 50,000)`,
    );

    // Interleaved rounds: the whole import of a catalogue (a replace) against its COPY stage alone.
    const rounds = Math.min(8, CATALOGUES);
    let full = 0;
    let copyOnly = 0;
    let roundRows = 0;
    for (let r = 0; r < rounds; r++) {
      const dir = path.join(root, `c${r}`);
      let t = performance.now();
      const report = await importCatalogue(database.db, dir, { uploadDir });
      full += performance.now() - t;
      roundRows += report.rows;
      const { plan } = await validateCatalogue(database.db, folderSource(dir), DEFAULT_LIMITS);
      t = performance.now();
      await writeCatalogue(database.db, plan!);
      copyOnly += performance.now() - t;
    }
    console.log(`\n| ${rounds} re-imports, interleaved | rows/s |`);
    console.log('|---|---:|');
    console.log(
      `| whole import (read, check, replace by COPY) | ${Math.round(roundRows / (full / 1000)).toLocaleString()} |`,
    );
    console.log(
      `| COPY stage alone (delete old rows, COPY new) | ${Math.round(roundRows / (copyOnly / 1000)).toLocaleString()} |`,
    );
    console.log(`whole import / COPY alone: ${(copyOnly / full).toFixed(2)} of the bare COPY speed`);
    if (process.env.BENCH_CATALOGUE_HTTP !== 'false') await runCatalogueHttp(url, database.db);
    await database.close();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * BENCH_CATALOGUE_REUSE=true: only the HTTP part, on the database an earlier run imported (for
 * measuring the server again without importing 1.6 million rows first).
 */
async function runHttpOnly() {
  const url = new URL(adminUrl());
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase(url.toString(), '');
  try {
    const [counts] = await queryRows<{ parts: number }>(database.db, sql`select count(*)::int as parts from epc_parts`);
    console.log(`reusing ${DB_NAME}: ${counts!.parts.toLocaleString()} part rows`);
    await runCatalogueHttp(url.toString(), database.db);
  } finally {
    await database.close();
  }
}
