/**
 * Unpacking an uploaded catalogue zip without trusting it (docs/security.md#uploads). The entries
 * are read from the zip's central directory; each one's inflated bytes are counted as they come and
 * may not pass the size its header declares, nor all together the catalogue's limit, and no byte of
 * the zip is inflated twice (entries that overlap are the zip bomb that repeats one small stream).
 * fflate's unzipSync trusts the declared size: it writes into a buffer of that size but inflates the
 * whole stream, so a 100 KB zip that declares 10 bytes held the thread for over a second, and a 40 MB
 * one would hold it for minutes. The work is done in small steps that give way to other requests.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inflate, strFromU8 } from 'fflate';
import { MSG_CATALOGUE } from '@partsmall/contract';
import { AppError, badRequest } from '../../shared/http.js';

/** Unpacked size and entry count an upload may have (a zip bomb is refused before inflating). */
export const CATALOGUE_ZIP_LIMITS = { maxTotalBytes: 500 * 1024 * 1024, maxFiles: 20_000 };

/** Compressed bytes handed to the inflater at once: at most about 16 MB come out of them. */
const STEP = 16 * 1024;
/** Time the thread spends unpacking before it answers other requests. */
const SLICE_MS = 10;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

const broken = () => badRequest(MSG_CATALOGUE.notZip, 'data');
const tooBig = () => new AppError(413, MSG_CATALOGUE.tooBig, 413, 'data');

/** The zip64 extra field's sizes and offset, each present only where the header holds 0xFFFFFFFF. */
function zip64Values(view: DataView, at: number, end: number, entry: Entry): void {
  for (let p = at; p + 4 <= end;) {
    const id = view.getUint16(p, true);
    const length = view.getUint16(p + 2, true);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        // Within the sub-field as it says, and within the extra field as the header says.
        if (q + 8 > Math.min(p + 4 + length, end)) throw broken();
        const value = Number(view.getBigUint64(q, true));
        q += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.headerOffset === 0xffffffff) entry.headerOffset = next();
      return;
    }
    p += 4 + length;
  }
}

/** The entries named by the central directory (the zip's own list, not the headers found by scanning). */
function centralDirectory(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw broken();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw tooBig();
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) throw broken();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > zip.length) throw broken();
    const flags = view.getUint16(at + 8, true);
    const entry: Entry = {
      // Bit 11: the name is UTF-8; without it, read byte for byte, as fflate reads it.
      name: strFromU8(zip.subarray(at + 46, nameEnd), (flags & 0x800) === 0),
      method: view.getUint16(at + 10, true),
      flags,
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      headerOffset: view.getUint32(at + 42, true),
    };
    zip64Values(view, nameEnd, nameEnd + extraLength, entry);
    entries.push(entry);
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** Directory entries, macOS metadata and hidden files are not part of the catalogue. */
const skipped = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').pop()!.startsWith('.');

/** Where an entry's compressed bytes lie, from its local header. */
function entryData(zip: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.headerOffset;
  if (at + 30 > zip.length || view.getUint32(at, true) !== 0x04034b50) throw broken();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > zip.length) throw broken();
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates one entry in steps, giving way to other requests every SLICE_MS; more bytes than the
 * header declares, or fewer, is a broken zip.
 */
async function inflateEntry(data: Uint8Array, size: number, clock: { sliceStart: number }): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > size) overflow = true;
    else out.set(chunk, written);
    written += chunk.length;
  });
  for (let at = 0; at < data.length || at === 0; at += STEP) {
    try {
      inflater.push(data.subarray(at, at + STEP), at + STEP >= data.length);
    } catch {
      throw broken();
    }
    if (overflow) throw broken();
    if (performance.now() - clock.sliceStart > SLICE_MS) {
      await nextTurn();
      clock.sliceStart = performance.now();
    }
  }
  if (written !== size) throw broken();
  return out;
}

/**
 * A catalogue folder from a zip: directory entries and macOS metadata are skipped, and when every
 * file sits in one top folder (a zipped folder) that folder is taken as the catalogue's root.
 * Refuses (400) what is not a zip, is encrypted, uses a method other than stored or deflate, or
 * whose entries do not hold what they declare; (413) past CATALOGUE_ZIP_LIMITS.
 */
export async function unzipCatalogue(
  zip: Uint8Array,
  limits = CATALOGUE_ZIP_LIMITS,
): Promise<Record<string, Uint8Array>> {
  try {
    return await unzipChecked(zip, limits);
  } catch (err) {
    // A header pointing outside the zip, or any other shape the reader did not foresee, is a broken
    // zip (400), never a 500.
    if (err instanceof AppError) throw err;
    throw broken();
  }
}

async function unzipChecked(zip: Uint8Array, limits: typeof CATALOGUE_ZIP_LIMITS): Promise<Record<string, Uint8Array>> {
  const entries = centralDirectory(zip).filter((e) => !skipped(e.name));
  if (entries.length > limits.maxFiles) throw tooBig();
  let declared = 0;
  let compressed = 0;
  for (const entry of entries) {
    declared += entry.size;
    compressed += entry.compressedSize;
    if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw broken();
  }
  if (declared > limits.maxTotalBytes) throw tooBig();
  // Entries that share bytes would each inflate them again.
  if (compressed > zip.length) throw broken();
  // No prototype: an entry named __proto__ is a file like any other.
  const files = Object.create(null) as Record<string, Uint8Array>;
  const clock = { sliceStart: performance.now() };
  for (const entry of entries) {
    const data = entryData(zip, entry);
    if (entry.method === 0) {
      if (data.length !== entry.size) throw broken();
      files[entry.name] = data;
    } else {
      files[entry.name] = await inflateEntry(data, entry.size, clock);
    }
  }
  const names = Object.keys(files);
  const top = names[0]?.split('/')[0];
  if (top && !Object.hasOwn(files, 'catalogue.jsonl') && names.every((n) => n.startsWith(`${top}/`))) {
    return Object.fromEntries(names.map((n) => [n.slice(top.length + 1), files[n]!]));
  }
  return files;
}
