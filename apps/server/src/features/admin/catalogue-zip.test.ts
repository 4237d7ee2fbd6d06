import { Inflate, deflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { MSG_CATALOGUE } from '@partsmall/contract';
import { AppError } from '../../shared/http.js';
import { unzipCatalogue } from './catalogue-zip.js';

interface RawEntry {
  name: string;
  /** The bytes as stored in the zip (deflated when method is 8). */
  stored: Uint8Array;
  method?: number;
  /** The unpacked size the headers declare. */
  size: number;
  flags?: number;
  /** Write the sizes as 0xFFFFFFFF with a zip64 extra field holding them. */
  zip64?: boolean;
}

/** A zip written field by field after PKWARE's APPNOTE (local headers, central directory, end record). */
function rawZip(entries: RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  const push = (b: Uint8Array) => {
    parts.push(b);
    at += b.length;
  };
  const header = (e: RawEntry, central: boolean, offset: number) => {
    const name = strToU8(e.name);
    const extra = e.zip64 ? new Uint8Array(20) : new Uint8Array(0);
    if (e.zip64) {
      const x = new DataView(extra.buffer);
      x.setUint16(0, 1, true);
      x.setUint16(2, 16, true);
      x.setBigUint64(4, BigInt(e.size), true);
      x.setBigUint64(12, BigInt(e.stored.length), true);
    }
    const fixed = central ? 46 : 30;
    const b = new Uint8Array(fixed + name.length + extra.length);
    const v = new DataView(b.buffer);
    const s = central ? 2 : 0; // the central header has "version made by" before the shared fields
    v.setUint32(0, central ? 0x02014b50 : 0x04034b50, true);
    v.setUint16(4 + s, 20, true);
    v.setUint16(6 + s, e.flags ?? 0x800, true);
    v.setUint16(8 + s, e.method ?? 8, true);
    v.setUint32(18 + s, e.zip64 ? 0xffffffff : e.stored.length, true);
    v.setUint32(22 + s, e.zip64 ? 0xffffffff : e.size, true);
    v.setUint16(26 + s, name.length, true);
    v.setUint16(28 + s, extra.length, true);
    if (central) v.setUint32(42, offset, true);
    b.set(name, fixed);
    b.set(extra, fixed + name.length);
    return b;
  };
  for (const e of entries) {
    offsets.push(at);
    push(header(e, false, 0));
    push(e.stored);
  }
  const directoryStart = at;
  entries.forEach((e, i) => push(header(e, true, offsets[i]!)));
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, entries.length, true);
  v.setUint16(10, entries.length, true);
  v.setUint32(12, at - directoryStart, true);
  v.setUint32(16, directoryStart, true);
  push(end);
  const zip = new Uint8Array(at);
  let p = 0;
  for (const b of parts) {
    zip.set(b, p);
    p += b.length;
  }
  return zip;
}

const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
const jsonl = strToU8('{"type":"catalogue","mcid":"HM01"}\n');
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

async function refusal(zip: Uint8Array, limits?: { maxTotalBytes: number; maxFiles: number }) {
  const err = await unzipCatalogue(zip, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { status, message } = err as AppError;
  return { status, message };
}

describe('unzipCatalogue', () => {
  it('takes a zipped folder as the catalogue root and leaves out directories and macOS metadata', async () => {
    const zip = zipSync({
      'HM01/': new Uint8Array(0),
      'HM01/catalogue.jsonl': jsonl,
      'HM01/images/p1.png': [png, { level: 0 }],
      'HM01/.DS_Store': strToU8('x'),
      '__MACOSX/HM01/._catalogue.jsonl': strToU8('y'),
    });
    const files = await unzipCatalogue(zip);
    expect(Object.keys(files).sort()).toEqual(['catalogue.jsonl', 'images/p1.png']);
    expect(text(files['catalogue.jsonl'])).toBe('{"type":"catalogue","mcid":"HM01"}\n');
    expect([...files['images/p1.png']!]).toEqual([...png]);
  });

  it('keeps the paths as they are when the catalogue sits at the top, and a file named __proto__ is a file', async () => {
    const files = await unzipCatalogue(zipSync({ 'catalogue.jsonl': jsonl, 'images/__proto__': png }));
    expect(Object.keys(files).sort()).toEqual(['catalogue.jsonl', 'images/__proto__']);
    expect(Object.getPrototypeOf(files['images/__proto__'])).toBe(Uint8Array.prototype);
  });

  it('reads sizes from a zip64 extra field', async () => {
    const zip = rawZip([{ name: 'catalogue.jsonl', stored: deflateSync(jsonl), size: jsonl.length, zip64: true }]);
    expect(text((await unzipCatalogue(zip))['catalogue.jsonl'])).toBe('{"type":"catalogue","mcid":"HM01"}\n');
  });

  it('refuses an entry that inflates to more than its header declares, without inflating all of it', async () => {
    // 32 MB of zeros deflate to 32 KB, two steps of the inflater; the headers say 10 bytes.
    // unzipSync answered the first 10 bytes after inflating all 32 MB.
    const bomb = deflateSync(new Uint8Array(32 * 1024 * 1024), { level: 1 });
    expect(bomb.length).toBeGreaterThan(16 * 1024);
    const zip = rawZip([{ name: 'catalogue.jsonl', stored: bomb, size: 10 }]);
    const steps = vi.spyOn(Inflate.prototype, 'push');
    expect(await refusal(zip)).toEqual({ status: 400, message: MSG_CATALOGUE.notZip });
    expect(steps).toHaveBeenCalledTimes(1);
    steps.mockRestore();
  });

  it('refuses an entry that inflates to fewer bytes than declared, stored or deflated', async () => {
    const short = rawZip([{ name: 'catalogue.jsonl', stored: deflateSync(jsonl), size: jsonl.length + 1 }]);
    expect(await refusal(short)).toEqual({ status: 400, message: MSG_CATALOGUE.notZip });
    const stored = rawZip([{ name: 'catalogue.jsonl', stored: jsonl, method: 0, size: jsonl.length + 1 }]);
    expect(await refusal(stored)).toEqual({ status: 400, message: MSG_CATALOGUE.notZip });
  });

  it('refuses entries that share one stream (each would inflate it again)', async () => {
    // 10 KB that do not compress: three entries over one stream name more bytes than the zip holds.
    const noise = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7919 + (i >> 3) * 31) & 0xff);
    const one: RawEntry = { name: 'p0.png', stored: deflateSync(noise, { level: 0 }), size: noise.length };
    expect([...(await unzipCatalogue(rawZipSharing(one, 1)))['p0.png']!]).toEqual([...noise]);
    expect(await refusal(rawZipSharing(one, 3))).toEqual({ status: 400, message: MSG_CATALOGUE.notZip });
  });

  it('counts only catalogue files against the limits, and refuses one past them with 413', async () => {
    const limits = { maxTotalBytes: 100, maxFiles: 2 };
    const two = zipSync({ 'a.jsonl': jsonl, 'b.png': png, '__MACOSX/._a': strToU8('m'), 'dir/': new Uint8Array(0) });
    expect(Object.keys(await unzipCatalogue(two, limits)).sort()).toEqual(['a.jsonl', 'b.png']);
    const three = zipSync({ 'a.jsonl': jsonl, 'b.png': png, 'c.png': png });
    expect(await refusal(three, limits)).toEqual({ status: 413, message: MSG_CATALOGUE.tooBig });
    // 99 bytes pass, 101 do not: the declared sizes, before anything is inflated.
    const at = (n: number) => zipSync({ 'a.jsonl': new Uint8Array(n - png.length).fill(65), 'b.png': png });
    expect(Object.keys(await unzipCatalogue(at(100), limits))).toHaveLength(2);
    expect(await refusal(at(101), limits)).toEqual({ status: 413, message: MSG_CATALOGUE.tooBig });
  });

  it('refuses what is not a zip, a cut zip, an encrypted entry and an unknown method', async () => {
    const notZip = { status: 400, message: MSG_CATALOGUE.notZip };
    expect(await refusal(strToU8('catalogue.jsonl is not zipped'))).toEqual(notZip);
    const whole = zipSync({ 'catalogue.jsonl': jsonl });
    expect(await refusal(whole.subarray(0, whole.length - 30))).toEqual(notZip);
    const encrypted = rawZip([{ name: 'catalogue.jsonl', stored: jsonl, method: 0, size: jsonl.length, flags: 0x801 }]);
    expect(await refusal(encrypted)).toEqual(notZip);
    const bzip2 = rawZip([{ name: 'catalogue.jsonl', stored: jsonl, method: 12, size: jsonl.length }]);
    expect(await refusal(bzip2)).toEqual(notZip);
  });

  it('a zip with any byte changed is read or refused in Korean, never an error of its own', async () => {
    const whole = zipSync({
      'HM01/catalogue.jsonl': jsonl,
      'HM01/images/p1.png': [png, { level: 0 }],
      'HM01/parts.csv': strToU8('partNo,name\nA1,패드\n'),
    });
    // A fixed sequence of changes (xorshift), so a failure can be run again.
    let seed = 0x2f6b_1d3c;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed >>> 0;
    };
    const outcomes = { read: 0, refused: 0 };
    for (let i = 0; i < 400; i += 1) {
      const zip = new Uint8Array(whole);
      for (let k = 0; k < 1 + (i % 4); k += 1) zip[next() % zip.length] = next() & 0xff;
      const err = await unzipCatalogue(zip).then(
        () => null,
        (e: unknown) => e,
      );
      if (err === null) outcomes.read += 1;
      else {
        expect(err).toBeInstanceOf(AppError);
        expect([MSG_CATALOGUE.notZip, MSG_CATALOGUE.tooBig]).toContain((err as AppError).message);
        outcomes.refused += 1;
      }
    }
    expect(outcomes.read + outcomes.refused).toBe(400);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('gives way to other work while it inflates a large entry', async () => {
    const size = 48 * 1024 * 1024;
    const zip = rawZip([{ name: 'catalogue.jsonl', stored: deflateSync(new Uint8Array(size), { level: 1 }), size }]);
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    const files = await unzipCatalogue(zip).finally(() => clearInterval(ticking));
    expect(files['catalogue.jsonl']!.length).toBe(size);
    expect(turns).toBeGreaterThan(0);
    // 48 MB inflated: seconds on a machine busy with the other test files, which is not what this asks.
  }, 30_000);
});

/** One entry's local header and stream, named `count` times by the central directory. */
function rawZipSharing(first: RawEntry, count: number): Uint8Array {
  const single = rawZip([first]);
  const view = new DataView(single.buffer);
  const end = single.length - 22;
  const directoryStart = view.getUint32(end + 16, true);
  const central = single.subarray(directoryStart, end);
  const out = new Uint8Array(directoryStart + central.length * count + 22);
  out.set(single.subarray(0, directoryStart));
  for (let i = 0; i < count; i += 1) out.set(central, directoryStart + central.length * i);
  const tail = new Uint8Array(single.subarray(end));
  const t = new DataView(tail.buffer);
  t.setUint16(8, count, true);
  t.setUint16(10, count, true);
  t.setUint32(12, central.length * count, true);
  out.set(tail, out.length - 22);
  return out;
}
