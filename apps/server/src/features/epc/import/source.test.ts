import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv, readJsonLines, type RawRow } from './source.js';

/** The bytes of `text` cut into pieces of `size` bytes (cutting multibyte characters too). */
function pieces(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

async function all(reader: AsyncGenerator<RawRow[]>): Promise<RawRow[]> {
  const out: RawRow[] = [];
  for await (const batch of reader) out.push(...batch);
  return out;
}

describe('readJsonLines', () => {
  const text = '\uFEFF{"a":"가나다"}\r\n\n{"b":2}\n[1]\n{"c":"' + 'x'.repeat(40) + '"}\n{"d":"끝"}';

  it.each([1, 2, 3, 7, 64, 4096])('gives the same rows and line numbers in chunks of %i bytes', async (size) => {
    const rows = await all(readJsonLines(pieces(Buffer.from(text), size), 30));
    expect(rows).toEqual([
      { line: 1, row: { a: '가나다' } },
      { line: 3, row: { b: 2 } },
      { line: 4, error: '한 줄에 JSON 객체 하나를 쓰세요.' },
      { line: 5, error: '줄이 너무 깁니다 (최대 30자).' },
      { line: 6, row: { d: '끝' } },
    ]);
  });

  it('reports bytes that are not UTF-8 on their own line', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":1}\n{"b":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n{"c":3}\n'),
    ]);
    expect(await all(readJsonLines(pieces(bytes, 5), 1000))).toEqual([
      { line: 1, row: { a: 1 } },
      { line: 2, error: 'UTF-8(또는 EUC-KR) 문자가 아닌 바이트가 있습니다.' },
      { line: 3, row: { c: 3 } },
    ]);
  });

  it('reports a long last line without a newline', async () => {
    expect(await all(readJsonLines(pieces(Buffer.from('{"a":1}\n' + 'y'.repeat(100)), 8), 50))).toEqual([
      { line: 1, row: { a: 1 } },
      { line: 2, error: '줄이 너무 깁니다 (최대 50자).' },
    ]);
  });
});

describe('readCsv', () => {
  it('gives each record the line it starts on, quoted line breaks included', async () => {
    const csv = 'a,b\n1,"two\nlines"\n\n3,4\n';
    expect(await all(readCsv(pieces(Buffer.from(csv), 3), 1000))).toEqual([
      { line: 2, row: { a: '1', b: 'two\nlines' } },
      { line: 5, row: { a: '3', b: '4' } },
    ]);
  });

  it('strips the BOM Excel writes', async () => {
    expect(await all(readCsv(pieces(Buffer.from('\uFEFFterm,ko\nGasket,개스킷\n'), 4), 1000))).toEqual([
      { line: 2, row: { term: 'Gasket', ko: '개스킷' } },
    ]);
  });
});
