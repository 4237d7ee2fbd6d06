import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.js';
import { deleteCatalogue, importCatalogue, type ImportReport } from '../../src/features/epc/import/index.js';
import { withCatalogueDatabase } from '../catalogue-helpers.js';
import { jpeg, png, webp } from '../chat-images.js';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../../docs/catalogue-example');

type Files = Record<string, string | Buffer>;
/** New text for lines of text files, by file and line number (1-based): `{ 'parts.csv': { 4: '…' } }`. */
type Lines = Record<string, Record<number, string>>;

/** The example folder as files in memory, with `lines` replaced, to break one thing at a time. */
function exampleFiles(lines: Lines = {}): Files {
  const out: Files = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(EXAMPLE, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else
        out[child] = child.startsWith('images/')
          ? fs.readFileSync(path.join(EXAMPLE, child))
          : fs.readFileSync(path.join(EXAMPLE, child), 'utf8');
    }
  };
  walk('');
  return replaceLines(out, lines);
}

/** Replaces lines of text files in place. */
function replaceLines(files: Files, lines: Lines): Files {
  for (const [file, byNumber] of Object.entries(lines)) {
    const text = (files[file] as string).split('\n');
    for (const [n, line] of Object.entries(byNumber)) text[Number(n) - 1] = line;
    files[file] = text.join('\n');
  }
  return files;
}

const TABLES = [
  'epc_catalogues',
  'epc_vehicles',
  'epc_main_groups',
  'epc_nodes',
  'epc_diagrams',
  'epc_hotspots',
  'epc_parts',
  'epc_replacements',
  'epc_words',
  'epc_brands',
];

/** Every catalogue row of every table, so "nothing changed" compares contents, not just counts. */
async function snapshot(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const t of TABLES) {
    const rows = await queryRows<{ r: string }>(
      db,
      sql.raw(`select (to_jsonb(snap) - 'imported_at')::text as r from ${t} snap order by 1`),
    );
    parts.push(`${t}:${rows.map((r) => r.r).join('|')}`);
  }
  return parts.join('\n');
}

let db: Db;
let uploadDir: string;
withCatalogueDatabase('epc-import', (database, folder) => ([db, uploadDir] = [database, folder]));

beforeEach(async () => {
  await db.execute(sql.raw(`truncate ${TABLES.join(', ')}`));
});

const run = (files: Files | string, limits = {}) =>
  importCatalogue(db, files, { uploadDir, limits, now: new Date('2026-06-01T00:00:00Z') });

describe('importing the documented example folder', () => {
  it('loads every table, with CSV and JSON Lines side by side', async () => {
    const report = await run(EXAMPLE);
    expect(report).toMatchObject({ ok: true, mcid: 'EXAMPLE-BMW-G20', version: 1, problems: [] });
    expect(report.counts).toEqual({
      catalogue: 1,
      words: 17,
      main_groups: 2,
      diagrams: 3,
      hotspots: 7,
      nodes: 4,
      vehicles: 2,
      parts: 8,
      replacements: 3,
    });
    expect(report.rows).toBe(17 + 2 + 3 + 7 + 4 + 2 + 8 + 3);

    const vehicles = await queryRows<Record<string, unknown>>(
      db,
      sql`select vin, short_vin, year, model_name, production_date::text as production_date, options, maindata from epc_vehicles order by vin`,
    );
    expect(vehicles).toEqual([
      {
        vin: 'WBA5R1C02MFK31415',
        short_vin: 'FK31415',
        year: 2021,
        model_name: 'BMW 320i (G20)',
        production_date: '2021-03-15',
        options: ['B48', 'S337', 'LL'],
        maindata: [
          ['Engine', 'B48B20'],
          ['Transmission', '8HP50'],
          ['Body', 'Sedan'],
        ],
      },
      // year left out: decoded from position 10 ('M' = 2021); options as a space-separated string; maindata as an object
      {
        vin: 'WBA5R5C04MFL27182',
        short_vin: 'FL27182',
        year: 2021,
        model_name: 'BMW 330e (G20)',
        production_date: '2020-11-02',
        options: ['B46', 'LL'],
        maindata: [
          ['Engine', 'B46B20'],
          ['Transmission', '8HP'],
        ],
      },
    ]);

    const nodes = await queryRows<Record<string, unknown>>(
      db,
      sql`select mid, level, subgroup, has_child, diagram, fit from epc_nodes order by sort`,
    );
    expect(nodes).toEqual([
      { mid: '11_0427', level: 1, subgroup: '11_0427', has_child: false, diagram: 'D11_0427', fit: null },
      { mid: '34_10', level: 1, subgroup: '34_10', has_child: true, diagram: null, fit: null },
      { mid: '34_1011', level: 2, subgroup: '34_10', has_child: false, diagram: 'D34_1011', fit: null },
      { mid: '34_1012', level: 2, subgroup: '34_10', has_child: false, diagram: 'D34_1012', fit: { all: ['S337'] } },
    ]);

    const parts = await queryRows<Record<string, unknown>>(
      db,
      sql`select pid, pid_key, refmid, fit, remark from epc_parts where diagram in ('D34_1011', 'D11_0427') order by seq`,
    );
    expect(parts.map((p) => p.pid_key)).toEqual([
      '11428575211',
      '11428583898',
      '07119963418',
      '34106888459',
      '34106884497',
      '34356890789',
    ]);
    expect(parts[1]).toMatchObject({ remark: 'Replace at every oil change', fit: null });
    expect(parts[3]).toMatchObject({ refmid: ['34_1012,1'], fit: { none: ['S337'] } });
    expect(parts[5]).toMatchObject({ fit: { to: '2020-12-31' } });

    // Two diagrams share one drawing: stored once, under its content hash.
    const images = await queryRows<{ image: string }>(db, sql`select distinct image from epc_diagrams order by image`);
    expect(images).toHaveLength(2);
    for (const { image } of images) {
      expect(image).toMatch(/^\/uploads\/epc\/[0-9a-f]{32}\.svg$/);
      expect(fs.existsSync(path.join(uploadDir, image.replace('/uploads/', '')))).toBe(true);
    }
    const [hotspot] = await queryRows<Record<string, unknown>>(
      db,
      sql`select hotspot_w, hotspot_h from epc_diagrams where diagram = 'D34_1011'`,
    );
    expect(hotspot).toEqual({ hotspot_w: 32, hotspot_h: 21 });
  });

  it('replaces the previous version on a re-import: same catalogue id, new rows only', async () => {
    const first = await run(EXAMPLE);
    const [before] = await queryRows<{ id: number }>(
      db,
      sql`select id from epc_catalogues where mcid = 'EXAMPLE-BMW-G20'`,
    );
    const files = exampleFiles();
    // Drop the bolt, rename a vehicle, add a main group with its own leaf and diagram.
    files['parts.csv'] = (files['parts.csv'] as string).replace(/^D34_1012,2,34_5.*\n/m, '');
    files['vehicles.jsonl'] = (files['vehicles.jsonl'] as string).replace('BMW 330e (G20)', 'BMW 330e xDrive (G20)');
    files['main_groups.jsonl'] += '{"num": "17", "label": "Cooling"}\n';
    files['nodes.jsonl'] += '{"mid": "17_01", "num": "17", "label": "Radiator", "diagram": "D17_01"}\n';
    files['diagrams.jsonl'] += '{"diagram": "D17_01", "image": "images/d34_1011.svg", "max_x": 400, "max_y": 300}\n';
    const second = await run(files);
    expect(first.version).toBe(1);
    expect(second).toMatchObject({ ok: true, version: 2 });
    const [after] = await queryRows<{ id: number; version: number }>(
      db,
      sql`select id, version from epc_catalogues where mcid = 'EXAMPLE-BMW-G20'`,
    );
    expect(after).toEqual({ id: before!.id, version: 2 });
    const counts = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*)::int from epc_parts) as parts, (select count(*)::int from epc_main_groups) as groups,
                 (select count(*)::int from epc_nodes) as nodes, (select count(*)::int from epc_vehicles) as vehicles`,
    );
    expect(counts[0]).toEqual({ parts: 7, groups: 3, nodes: 5, vehicles: 2 });
    const names = await queryRows<{ model_name: string }>(db, sql`select model_name from epc_vehicles order by vin`);
    expect(names.map((n) => n.model_name)).toEqual(['BMW 320i (G20)', 'BMW 330e xDrive (G20)']);
    expect(await queryRows(db, sql`select 1 from epc_parts where pid_key = '34116860160'`)).toEqual([]);
  });

  it('deletes a catalogue with all its rows and leaves the others', async () => {
    await run(EXAMPLE);
    const files = exampleFiles();
    files['catalogue.jsonl'] = '{"mcid": "OTHER", "brand": "bmw", "name": "Other"}\n';
    files['vehicles.jsonl'] = '{"vin": "WBA5R7C09MFK31415", "model_name": "Other"}\n';
    expect((await run(files)).ok).toBe(true);
    expect(await deleteCatalogue(db, 'EXAMPLE-BMW-G20')).toBe(true);
    expect(await deleteCatalogue(db, 'EXAMPLE-BMW-G20')).toBe(false);
    const left = await queryRows<{ t: string; n: number }>(
      db,
      sql.raw(
        TABLES.filter((t) => t !== 'epc_brands')
          .map(
            (t) =>
              `select '${t}' as t, count(*)::int as n from ${t} where ${t === 'epc_catalogues' ? 'id' : 'catalogue_id'} <> (select id from epc_catalogues where mcid = 'OTHER')`,
          )
          .join(' union all '),
      ),
    );
    expect(left.filter((r) => r.n > 0)).toEqual([]);
    const [other] = await queryRows<{ parts: number }>(db, sql`select count(*)::int as parts from epc_parts`);
    expect(other!.parts).toBe(8);
  });

  it('lets two imports of one catalogue at once run one after the other', async () => {
    // A fresh upload folder, so the three also race to store the same new images.
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'epc-import-race-'));
    const reports = await Promise.all([1, 2, 3].map(() => importCatalogue(db, EXAMPLE, { uploadDir: fresh })));
    expect(reports.map((r) => r.problems)).toEqual([[], [], []]);
    expect(fs.readdirSync(path.join(fresh, 'epc')).sort()).toHaveLength(3);
    fs.rmSync(fresh, { recursive: true, force: true });
    expect(reports.map((r) => r.version).sort()).toEqual([1, 2, 3]);
    const [n] = await queryRows<{ parts: number; catalogues: number }>(
      db,
      sql`select (select count(*)::int from epc_parts) as parts, (select count(*)::int from epc_catalogues) as catalogues`,
    );
    expect(n).toEqual({ parts: 8, catalogues: 1 });
  });

  it('takes empty optional tables, and a required one of a single row', async () => {
    const files = exampleFiles();
    files['hotspots.csv'] = 'diagram,key,x,y\n';
    files['words.csv'] = '\uFEFFterm,zh,ko,en,vi\r\n';
    files['replacements.jsonl'] = '\n';
    files['vehicles.jsonl'] = (files['vehicles.jsonl'] as string).split('\n')[0]!;
    const report = await run(files);
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.counts).toMatchObject({ hotspots: 0, words: 0, replacements: 0, vehicles: 1, parts: 8 });
  });

  it('takes PNG, JPEG and WebP images that decode, up to 25 megapixels (5000×5000), stored as they came', async () => {
    const files = exampleFiles();
    files['images/d11.png'] = greyPng(5000, 5000);
    files['images/engine.jpg'] = await jpeg();
    files['images/brakes.webp'] = await webp();
    files['diagrams.jsonl'] = (files['diagrams.jsonl'] as string).replace('images/d11_0427.svg', 'images/d11.png');
    files['main_groups.jsonl'] =
      '{"num": "11", "label": "Engine", "img": "images/engine.jpg"}\n{"num": "34", "label": "Brakes", "img": "images/brakes.webp"}\n';
    const report = await run(files);
    expect(report).toMatchObject({ ok: true, problems: [] });
    const stored = await queryRows<{ image: string }>(
      db,
      sql`select image from epc_diagrams where diagram = 'D11_0427' union all select img from epc_main_groups`,
    );
    expect(stored.map((r) => r.image.replace(/[0-9a-f]{32}/, 'H'))).toEqual([
      '/uploads/epc/H.png',
      '/uploads/epc/H.jpg',
      '/uploads/epc/H.webp',
    ]);
    expect(fs.readFileSync(path.join(uploadDir, stored[0]!.image.replace('/uploads/', '')))).toEqual(
      files['images/d11.png'],
    );
  });

  it('reads a CSV that Korean Excel saved in EUC-KR', async () => {
    const files = exampleFiles();
    const words = (files['words.csv'] as string)
      .replace('Engine,发动机,엔진', 'Engine,,엔진')
      .replace(/,[^,\n]*[\u4e00-\u9fff][^,\n]*/g, ',');
    files['words.csv'] = Buffer.from(new Uint8Array(encodeEucKr(words)));
    const report = await run(files);
    expect(report.problems).toEqual([]);
    const rows = await queryRows<{ ko: string }>(db, sql`select ko from epc_words where term = 'Oil filter'`);
    expect(rows).toEqual([{ ko: '오일 필터' }]);
  });
});

/**
 * A grey PNG of `width`×`height`, written by hand: a 25-megapixel one is made in a fraction of the
 * time sharp takes to draw and encode one in colour, and decoded in half the time.
 */
function greyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0; // no filter
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** EUC-KR bytes of a text of ASCII, Hangul and Vietnamese-free content (built by reverse lookup). */
function encodeEucKr(text: string): number[] {
  const decoder = new TextDecoder('euc-kr');
  const table = new Map<string, number[]>();
  for (let hi = 0xb0; hi <= 0xc8; hi++) {
    for (let lo = 0xa1; lo <= 0xfe; lo++) table.set(decoder.decode(new Uint8Array([hi, lo])), [hi, lo]);
  }
  const out: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0));
    else if (table.has(ch)) out.push(...table.get(ch)!);
    else out.push(0x3f); // '?': Vietnamese letters have no EUC-KR form
  }
  return out;
}

describe('a broken catalogue is refused whole, with file and line', () => {
  /** Imports the example once, then a broken variant, and checks that nothing moved. */
  async function refused(files: Files, limits = {}): Promise<ImportReport> {
    const good = await run(EXAMPLE);
    expect(good.ok).toBe(true);
    const before = await snapshot(db);
    const report = await run(files, limits);
    expect(report.ok).toBe(false);
    expect(report.version).toBeNull();
    expect(await snapshot(db)).toBe(before);
    return report;
  }

  it('an unknown diagram in parts', async () => {
    const files = exampleFiles({ 'parts.csv': { 4: 'D99,3,11_3,07 11 9 963 418,Screw plug,,1,,,,,,' } });
    const report = await refused(files);
    expect(report.problems).toEqual([{ file: 'parts.csv', line: 4, message: "없는 도면 'D99'을(를) 가리킵니다." }]);
  });

  it('an unknown main group, parent, diagram and refmid', async () => {
    const files = exampleFiles({
      'nodes.jsonl': {
        3: '{"mid": "34_1011", "num": "99", "parent": "34_10", "label": "Brake pads", "diagram": "D34_1011"}',
        4: '{"mid": "34_1012", "num": "34", "parent": "NOPE", "label": "Brake disc", "diagram": "D_NOPE"}',
      },
      'parts.csv': { 5: 'D34_1011,1,34_1,34 10 6 888 459,Brake pad set front,Brake pad,1,,"GONE,1",,S337,,' },
    });
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'nodes.jsonl', line: 3, message: "없는 메인 그룹 '99'을(를) 가리킵니다." },
      { file: 'nodes.jsonl', line: 3, message: "상위 그룹 '34_10'은(는) 메인 그룹 '99'에 속하지 않습니다." },
      { file: 'nodes.jsonl', line: 4, message: "없는 상위 그룹 'NOPE'을(를) 가리킵니다." },
      { file: 'nodes.jsonl', line: 4, message: "없는 도면 'D_NOPE'을(를) 가리킵니다." },
      { file: 'parts.csv', line: 5, message: "refmid: 없는 그룹(mid) 'GONE'을(를) 가리킵니다." },
    ]);
  });

  it('duplicate keys: a main group, a node, a diagram, a VIN, a word', async () => {
    const files = exampleFiles();
    files['main_groups.jsonl'] += '{"num": "11", "label": "Engine again"}\n';
    files['nodes.jsonl'] += '{"mid": "11_0427", "num": "11", "label": "Oil filter", "diagram": "D11_0427"}\n';
    files['diagrams.jsonl'] += '{"diagram": "D11_0427", "image": "images/d11_0427.svg", "max_x": 800, "max_y": 600}\n';
    files['vehicles.jsonl'] += '{"vin": "WBA5R1C02MFK31415", "model_name": "copy"}\n';
    files['words.csv'] += 'Gasket,,,,\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'words.csv', line: 19, message: "용어 'Gasket'이(가) 중복되었습니다." },
      { file: 'main_groups.jsonl', line: 3, message: "메인 그룹 '11'이(가) 중복되었습니다." },
      { file: 'diagrams.jsonl', line: 4, message: "도면 'D11_0427'이(가) 중복되었습니다." },
      { file: 'nodes.jsonl', line: 5, message: "그룹(mid) '11_0427'이(가) 중복되었습니다." },
      { file: 'vehicles.jsonl', line: 3, message: "차대번호 'WBA5R1C02MFK31415'이(가) 중복되었습니다." },
    ]);
  });

  it('bad numbers: decimals, words, negative and too large coordinates', async () => {
    const files = exampleFiles({
      'hotspots.csv': { 2: 'D11_0427,1,1.5,140', 3: 'D11_0427,2,abc,300', 4: 'D11_0427,3,-1,460' },
      'diagrams.jsonl': {
        2: '{"diagram": "D34_1011", "image": "images/d34_1011.svg", "max_x": 800.5, "max_y": "6e2"}',
      },
      'vehicles.jsonl': { 2: '{"vin": "WBA5R5C04MFL27182", "model_name": "BMW 330e (G20)", "year": 1900}' },
    });
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'diagrams.jsonl', line: 2, message: 'max_x: 정수가 아닙니다.' },
      { file: 'diagrams.jsonl', line: 2, message: 'max_y: 정수가 아닙니다.' },
      { file: 'hotspots.csv', line: 2, message: 'x: 정수가 아닙니다.' },
      { file: 'hotspots.csv', line: 3, message: 'x: 정수가 아닙니다.' },
      { file: 'hotspots.csv', line: 4, message: 'x: 0 이상이어야 합니다.' },
      { file: 'vehicles.jsonl', line: 2, message: 'year: 1950 이상이어야 합니다.' },
    ]);
  });

  it('hotspots outside their diagram, one past each edge; the edge itself is inside', async () => {
    const files = exampleFiles({
      'hotspots.csv': { 2: 'D11_0427,1,800,600', 3: 'D11_0427,2,801,300', 4: 'D11_0427,3,640,601' },
    });
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'hotspots.csv', line: 3, message: '핫스팟 좌표 (801, 300)가 도면 크기 (0~800, 0~600)를 벗어납니다.' },
      { file: 'hotspots.csv', line: 4, message: '핫스팟 좌표 (640, 601)가 도면 크기 (0~800, 0~600)를 벗어납니다.' },
    ]);
  });

  it('an oversize data file or image (limits at the boundary pass)', async () => {
    const files = exampleFiles();
    const data = Object.entries(files).filter(([f]) => !f.startsWith('images/'));
    const largest = Math.max(...data.map(([, text]) => Buffer.byteLength(text)));
    const [largestFile] = data.find(([, text]) => Buffer.byteLength(text) === largest)!;
    expect(largestFile).toBe('words.csv');
    expect((await run(files, { maxFileBytes: largest })).ok).toBe(true);
    const report = await refused(files, { maxFileBytes: largest - 1 });
    expect(report.problems).toEqual([
      { file: 'words.csv', line: null, message: `파일이 너무 큽니다 (최대 ${+((largest - 1) / 1024).toFixed(1)} KB).` },
    ]);

    const logo = (files['images/logo.svg'] as Buffer).length;
    const biggest = Math.max(
      ...Object.entries(files)
        .filter(([f]) => f.startsWith('images/'))
        .map(([, b]) => (b as Buffer).length),
    );
    expect(logo).toBeLessThan(biggest);
    const images = await refused(files, { maxImageBytes: biggest - 1 });
    expect(images.problems.length).toBeGreaterThan(0);
    expect(
      images.problems.every(
        (p) => /이미지 파일 'images\/d\d\d_\d+\.svg'이\(가\) 너무 큽니다/.test(p.message) && p.line !== null,
      ),
    ).toBe(true);
  });

  it('a line longer than the limit and too many rows', async () => {
    const files = exampleFiles();
    const report = await refused(files, { maxRows: 7 });
    expect(report.problems).toEqual([
      { file: 'words.csv', line: 9, message: '행이 너무 많습니다 (최대 7행).' },
      { file: 'parts.csv', line: 9, message: '행이 너무 많습니다 (최대 7행).' },
    ]);
    replaceLines(files, {
      'nodes.jsonl': {
        2: `{"mid": "34_10", "num": "34", "label": "Front brake", "description": "${'x'.repeat(2000)}"}`,
      },
    });
    const long = await refused(files, { maxLineChars: 1000 });
    expect(long.problems).toContainEqual({ file: 'nodes.jsonl', line: 2, message: '줄이 너무 깁니다 (최대 1000자).' });
  });

  it('missing files, a table in both formats, an unknown data file', async () => {
    const files = exampleFiles();
    delete files['diagrams.jsonl'];
    files['hotspots.jsonl'] = '{"diagram": "D11_0427", "key": "1", "x": 1, "y": 1}\n';
    files['part.jsonl'] = '{}\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'hotspots.jsonl', line: null, message: 'hotspots.jsonl과 hotspots.csv가 함께 있습니다. 하나만 두세요.' },
      { file: 'part.jsonl', line: null, message: expect.stringContaining('알 수 없는 데이터 파일입니다.') },
      { file: '', line: null, message: '필수 파일 diagrams.jsonl 또는 diagrams.csv가 없습니다.' },
    ]);
  });

  it('broken JSON, a non-object line, unknown and missing fields', async () => {
    const files = exampleFiles();
    files['main_groups.jsonl'] =
      '{"num": "11", "label": "Engine"\n[1, 2]\n{"num": "34", "label": "Brakes", "lable": "typo"}\n{"num": "35"}\n';
    const report = await refused(files);
    expect(report.problems.filter((p) => p.file === 'main_groups.jsonl')).toEqual([
      { file: 'main_groups.jsonl', line: 1, message: expect.stringMatching(/^JSON 형식이 아닙니다/) },
      { file: 'main_groups.jsonl', line: 2, message: '한 줄에 JSON 객체 하나를 쓰세요.' },
      { file: 'main_groups.jsonl', line: 3, message: '알 수 없는 항목입니다: lable' },
      { file: 'main_groups.jsonl', line: 4, message: 'label: 값이 없습니다.' },
    ]);
  });

  it('a CSV row with too many cells, an unclosed quote, an unknown or repeated column', async () => {
    const files = exampleFiles({ 'hotspots.csv': { 3: 'D11_0427,2,400,300,extra' } });
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'hotspots.csv', line: 3, message: 'CSV 형식 오류: 칸 수가 머리글과 다릅니다.' },
    ]);
    files['hotspots.csv'] = 'diagram,key,x,y\nD11_0427,1,1,1\nD11_0427,"2,1,1\n';
    const quote = await refused(files);
    expect(quote.problems).toEqual([
      {
        file: 'hotspots.csv',
        line: 3,
        message: 'CSV 형식 오류: 따옴표가 닫히지 않았거나 따옴표 뒤에 잘못된 문자가 있습니다.',
      },
    ]);
    files['hotspots.csv'] = 'diagram,key,x,y,colour\nD11_0427,1,1,1,red\nD11_0427,2,2,2,blue\n';
    const column = await refused(files);
    expect(column.problems).toEqual([{ file: 'hotspots.csv', line: 1, message: '알 수 없는 항목입니다: colour' }]);
    files['hotspots.csv'] = 'diagram,key,x,x\nD11_0427,1,1,1\n';
    const header = await refused(files);
    expect(header.problems).toContainEqual({
      file: 'hotspots.csv',
      line: 1,
      message: "머리글에 'x' 항목이 두 번 있습니다.",
    });
  });

  it('VINs with I/O/Q or a wrong length; bad dates; a range that ends before it starts', async () => {
    const files = exampleFiles({
      'nodes.jsonl': {
        4: '{"mid": "34_1012", "num": "34", "parent": "34_10", "label": "Brake disc", "diagram": "D34_1012", "fit_from": "2020-01-01", "fit_to": "2019-12-31"}',
      },
    });
    // Line 2 is fine: lower case and spaces are normalised as in the search box.
    files['vehicles.jsonl'] =
      '{"vin": "WBA5R1C02MFK3141O", "model_name": "o"}\n{"vin": " wba5r1c02 mfk31415", "model_name": "lower"}\n{"vin": "WBA5R1C02MFK3141", "model_name": "16"}\n{"vin": "WBA5R5C04MFL27182", "model_name": "d", "production_date": "2021-02-29"}\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'nodes.jsonl', line: 4, message: 'fit_from이 fit_to보다 늦습니다.' },
      { file: 'vehicles.jsonl', line: 1, message: 'vin: 차대번호에는 I, O, Q를 쓸 수 없습니다.' },
      { file: 'vehicles.jsonl', line: 3, message: 'vin: 17자리수의 차대번호를 입력하세요.' },
      { file: 'vehicles.jsonl', line: 4, message: 'production_date: YYYY-MM-DD 형식의 날짜가 아닙니다.' },
    ]);
  });

  it('a VIN another catalogue already holds', async () => {
    const files = exampleFiles();
    files['catalogue.jsonl'] = '{"mcid": "OTHER-G20", "brand": "bmw", "name": "Other"}\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      {
        file: 'vehicles.jsonl',
        line: 1,
        message: "차대번호 WBA5R1C02MFK31415은(는) 이미 다른 카탈로그 'EXAMPLE-BMW-G20'에 있습니다.",
      },
      {
        file: 'vehicles.jsonl',
        line: 2,
        message: "차대번호 WBA5R5C04MFL27182은(는) 이미 다른 카탈로그 'EXAMPLE-BMW-G20'에 있습니다.",
      },
    ]);
  });

  it('images: missing, unsafe SVG, content that is not what the name says, a path out of the folder', async () => {
    const files = exampleFiles();
    files['images/d34_1011.svg'] = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>';
    files['images/logo.svg'] = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    files['main_groups.jsonl'] =
      '{"num": "11", "label": "Engine", "img": "images/none.png"}\n{"num": "34", "label": "Brakes", "img": "../secret.svg"}\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      {
        file: 'catalogue.jsonl',
        line: 1,
        message: "이미지 파일 'images/logo.svg'은(는) SVG, PNG, JPEG, WebP가 아니거나 확장자와 내용이 다릅니다.",
      },
      { file: 'main_groups.jsonl', line: 1, message: "이미지 파일 'images/none.png'이(가) 폴더에 없습니다." },
      {
        file: 'main_groups.jsonl',
        line: 2,
        message: 'img: 이미지는 폴더 안의 상대 경로(예: images/a.svg) 또는 https:// 주소여야 합니다.',
      },
      {
        file: 'diagrams.jsonl',
        line: 2,
        message: "SVG 파일 'images/d34_1011.svg'에 스크립트, 이벤트 속성, 외부 참조 또는 엔티티가 있어 쓸 수 없습니다.",
      },
      {
        file: 'diagrams.jsonl',
        line: 3,
        message: "SVG 파일 'images/d34_1011.svg'에 스크립트, 이벤트 속성, 외부 참조 또는 엔티티가 있어 쓸 수 없습니다.",
      },
    ]);
  });

  // An empty parts.csv and vehicles.jsonl were imported as a catalogue of no parts and no vehicles:
  // the live one's were gone, and a VIN a company had saved with them (docs/catalogue-format.md#files).
  it('an empty required data file, or a CSV without its header line', async () => {
    const files = exampleFiles();
    files['parts.csv'] = '';
    files['vehicles.jsonl'] = '';
    expect((await refused(files)).problems).toEqual([
      { file: 'vehicles.jsonl', line: null, message: '필수 파일 vehicles.jsonl에 행이 없습니다. 한 행 이상 쓰세요.' },
      { file: 'parts.csv', line: 1, message: '첫 줄(머리글)에 항목 이름을 쓰세요.' },
    ]);
    files['parts.csv'] = '\n\r\n\n';
    files['vehicles.jsonl'] = '\n  \n';
    expect((await refused(files)).problems).toEqual([
      { file: 'vehicles.jsonl', line: null, message: '필수 파일 vehicles.jsonl에 행이 없습니다. 한 행 이상 쓰세요.' },
      { file: 'parts.csv', line: 1, message: '첫 줄(머리글)에 항목 이름을 쓰세요.' },
    ]);
    files['parts.csv'] = (exampleFiles()['parts.csv'] as string).split('\n')[0] + '\n';
    files['vehicles.jsonl'] = exampleFiles()['vehicles.jsonl']!;
    expect((await refused(files)).problems).toEqual([
      { file: 'parts.csv', line: null, message: '필수 파일 parts.csv에 행이 없습니다. 한 행 이상 쓰세요.' },
    ]);
  });

  it.each(['main_groups.jsonl', 'diagrams.jsonl', 'nodes.jsonl'])('an empty %s', async (file) => {
    const files = exampleFiles();
    files[file] = '';
    expect((await refused(files)).problems).toContainEqual({
      file,
      line: null,
      message: `필수 파일 ${file}에 행이 없습니다. 한 행 이상 쓰세요.`,
    });
  });

  it('raster images that do not decode, carry other data, or unpack past 25 megapixels (docs/security.md#uploads)', async () => {
    const good = await png(64, 48);
    const idat = good.indexOf('IDAT') + 4;
    const files = exampleFiles();
    files['catalogue.jsonl'] =
      '{"mcid": "EXAMPLE-BMW-G20", "brand": "bmw", "name": "x", "img": "images/sig-only.png"}\n';
    files['images/sig-only.png'] = Buffer.concat([good.subarray(0, 8), Buffer.from('garbage'.repeat(10))]);
    files['images/pixels.png'] = Buffer.concat([
      good.subarray(0, idat + 2),
      Buffer.alloc(6, 0xff),
      good.subarray(idat + 8),
    ]);
    files['images/tail.png'] = Buffer.concat([good, Buffer.from('<html><script>alert(1)</script></html>')]);
    files['images/wide.png'] = greyPng(5001, 5000);
    files['main_groups.jsonl'] =
      '{"num": "11", "label": "Engine", "img": "images/pixels.png"}\n{"num": "34", "label": "Brakes", "img": "images/tail.png"}\n';
    files['diagrams.jsonl'] = (files['diagrams.jsonl'] as string).replace('images/d11_0427.svg', 'images/wide.png');
    expect((await refused(files)).problems).toEqual([
      {
        file: 'catalogue.jsonl',
        line: 1,
        message: "이미지 파일 'images/sig-only.png'이(가) 손상되었거나 형식이 맞지 않아 읽을 수 없습니다.",
      },
      {
        file: 'main_groups.jsonl',
        line: 1,
        message: "이미지 파일 'images/pixels.png'이(가) 손상되었거나 형식이 맞지 않아 읽을 수 없습니다.",
      },
      {
        file: 'main_groups.jsonl',
        line: 2,
        message: "이미지 파일 'images/tail.png'에 이미지가 아닌 데이터가 들어 있어 쓸 수 없습니다.",
      },
      {
        file: 'diagrams.jsonl',
        line: 1,
        message: "이미지 파일 'images/wide.png'의 해상도가 너무 큽니다 (최대 2,500만 화소, 예: 5000×5000).",
      },
    ]);
  });

  it('an image path with Hangul or a space names the characters a path may hold', async () => {
    const files = exampleFiles();
    files['catalogue.jsonl'] = '{"mcid": "EXAMPLE-BMW-G20", "brand": "bmw", "name": "x", "img": "images/로고 1.svg"}\n';
    files['images/로고 1.svg'] = files['images/logo.svg']!;
    expect((await refused(files)).problems).toEqual([
      {
        file: 'catalogue.jsonl',
        line: 1,
        message:
          'img: 이미지 경로에는 영문, 숫자, 밑줄(_), 점(.), 하이픈(-), 슬래시(/)만 쓸 수 있습니다. 한글이나 공백이 있는 파일 이름은 바꾸세요.',
      },
    ]);
  });

  it('nodes: a third level, a leaf without a diagram, a parent with one', async () => {
    const files = exampleFiles();
    files['nodes.jsonl'] +=
      '{"mid": "34_101101", "num": "34", "parent": "34_1011", "label": "Too deep", "diagram": "D34_1011"}\n';
    files['nodes.jsonl'] += '{"mid": "34_20", "num": "34", "label": "Rear brake"}\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'nodes.jsonl', line: 3, message: '하위 그룹이 있는 그룹에는 도면(diagram)을 둘 수 없습니다.' },
      {
        file: 'nodes.jsonl',
        line: 5,
        message: "상위 그룹 '34_1011'이(가) 이미 하위 그룹입니다. 그룹은 2단계(서브/차일드)까지입니다.",
      },
      { file: 'nodes.jsonl', line: 6, message: '하위 그룹이 없는 그룹에는 도면(diagram)이 있어야 합니다.' },
    ]);
  });

  it('replacements: same number, a repeat, a supersession loop', async () => {
    const files = exampleFiles();
    files['replacements.jsonl'] +=
      '{"pid": "11-42-8-575-211", "to": "11428575211", "kind": "supersedes"}\n{"pid": "34 10 6 888 459", "to": "34 10 6 859 181", "kind": "interchangeable"}\n{"pid": "11 42 9 848 321", "to": "11 42 7 953 125", "kind": "supersedes"}\n{"pid": "1", "to": "2", "kind": "replaces"}\n';
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'replacements.jsonl', line: 4, message: '대체 부품번호가 원래 번호와 같습니다.' },
      {
        file: 'replacements.jsonl',
        line: 5,
        message: "대체 관계 '34 10 6 888 459 → 34 10 6 859 181'이(가) 중복되었습니다.",
      },
      {
        file: 'replacements.jsonl',
        line: 7,
        message: "kind: 종류는 'supersedes' 또는 'interchangeable'이어야 합니다.",
      },
      {
        file: 'replacements.jsonl',
        line: 6,
        message: '대체 관계가 순환합니다: 11 42 7 953 125 → 11 42 8 575 211 → 11 42 9 848 321 → 11 42 7 953 125',
      },
    ]);
  });

  it('replacements: a chain of 20 steps is taken, one of 21 is refused at the step too many (the back office rule)', async () => {
    const step = (i: number) => `{"pid": "LC-${i}", "to": "LC-${i + 1}", "kind": "supersedes"}\n`;
    const twenty = exampleFiles();
    twenty['replacements.jsonl'] += Array.from({ length: 20 }, (_, i) => step(i)).join('');
    expect(await run(twenty)).toMatchObject({ ok: true, problems: [] });
    const files = exampleFiles();
    files['replacements.jsonl'] += Array.from({ length: 21 }, (_, i) => step(i)).join('');
    const report = await refused(files);
    expect(report.problems).toEqual([
      {
        file: 'replacements.jsonl',
        line: 24,
        message: '대체 관계가 20단계를 넘습니다: LC-0 → … → LC-21 (21단계)',
      },
    ]);
  });

  it('a catalogue file with two rows, or none', async () => {
    const files = exampleFiles();
    files['catalogue.jsonl'] += '{"mcid": "SECOND", "brand": "bmw", "name": "x"}\n';
    const two = await refused(files);
    expect(two.problems).toEqual([
      { file: 'catalogue.jsonl', line: 2, message: '카탈로그 정보(catalogue)는 정확히 한 행이어야 합니다.' },
    ]);
    files['catalogue.jsonl'] = '\n';
    const none = await refused(files);
    expect(none.problems).toEqual([
      { file: 'catalogue.jsonl', line: null, message: '카탈로그 정보(catalogue)는 정확히 한 행이어야 합니다.' },
    ]);
    files['catalogue.jsonl'] = '{"mcid": "X", "brand": "toyota", "name": "x"}\n';
    const brand = await refused(files);
    expect(brand.problems).toEqual([
      {
        file: 'catalogue.jsonl',
        line: 1,
        message: 'brand: 브랜드는 bmw, benz, jaguar, land_rover, maserati, audi 중 하나여야 합니다.',
      },
    ]);
  });

  it('control characters and NUL in text, bytes that are not UTF-8', async () => {
    const files = exampleFiles();
    files['main_groups.jsonl'] = '{"num": "11", "label": "Eng\\u0000ine"}\n{"num": "34", "label": "Brakes\\nline"}\n';
    files['nodes.jsonl'] = Buffer.concat([
      Buffer.from(files['nodes.jsonl'] as string),
      Buffer.from([0xff, 0xfe, 0x0a]),
    ]);
    const report = await refused(files);
    expect(report.problems).toEqual([
      { file: 'main_groups.jsonl', line: 1, message: 'label: 제어 문자(줄바꿈, 탭 등)를 쓸 수 없습니다.' },
      { file: 'main_groups.jsonl', line: 2, message: 'label: 제어 문자(줄바꿈, 탭 등)를 쓸 수 없습니다.' },
      { file: 'nodes.jsonl', line: 5, message: 'UTF-8(또는 EUC-KR) 문자가 아닌 바이트가 있습니다.' },
    ]);
  });

  it('caps the list of problems and counts the rest', async () => {
    const files = exampleFiles();
    files['hotspots.csv'] =
      `diagram,key,x,y\n${Array.from({ length: 250 }, (_, i) => `D11_0427,${i},9999,1`).join('\n')}\n`;
    const report = await refused(files);
    expect(report.problems).toHaveLength(200);
    expect(report.moreProblems).toBe(50);
    expect(report.problems[199]).toEqual({
      file: 'hotspots.csv',
      line: 201,
      message: '핫스팟 좌표 (9999, 1)가 도면 크기 (0~800, 0~600)를 벗어납니다.',
    });
  });
});
