import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvErrorRow, memorySource, readCsv, readJsonLines, type RawRow } from './source.js';

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

  it("says in Korean where a line stops being JSON, without the parser's English", async () => {
    const lines = [
      '{"num": "11", "label": "Engine"',
      '{num: 11}',
      '{"a":1}x',
      '{"라벨": 엔진}',
      '{"a":',
      '{"a": x, "b": x}',
    ];
    expect(await all(readJsonLines(pieces(Buffer.from(lines.join('\n')), 7), 1000))).toEqual([
      { line: 1, error: 'JSON 형식이 아닙니다 (줄이 도중에 끝납니다).' },
      { line: 2, error: 'JSON 형식이 아닙니다 (2번째 글자 근처).' },
      { line: 3, error: 'JSON 형식이 아닙니다 (8번째 글자 근처).' },
      { line: 4, error: 'JSON 형식이 아닙니다 (8번째 글자 근처).' },
      { line: 5, error: 'JSON 형식이 아닙니다 (줄이 도중에 끝납니다).' },
      { line: 6, error: "JSON 형식이 아닙니다 ('x' 글자 근처)." },
    ]);
  });
});

describe('memorySource', () => {
  // One chunk of a whole uploaded file was decoded and split in one pass that held the server.
  it('hands a file out in pieces of at most 64 KB', async () => {
    const file = Buffer.alloc(200 * 1024, 'a');
    const sizes: number[] = [];
    for await (const chunk of memorySource({ 'parts.jsonl': file }).stream('parts.jsonl')) sizes.push(chunk.length);
    expect(sizes).toEqual([65536, 65536, 65536, 8192]);
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

  it('reads a file Korean Excel saved (CP949: 똠, 햏 and 샾 are not in plain EUC-KR), cut anywhere', async () => {
    // 'term,ko\nDrain plug,똠 햏 샾 볼트\n' in CP949, written out as bytes.
    const bytes = Buffer.concat([
      Buffer.from('term,ko\nDrain plug,'),
      Buffer.from([0x8c, 0x63, 0x20, 0xc1, 0x64, 0x20, 0x98, 0xde, 0x20, 0xba, 0xbc, 0xc6, 0xae]),
      Buffer.from('\n'),
    ]);
    for (const size of [1, 3, 1000])
      expect(await all(readCsv(pieces(bytes, size), 1000))).toEqual([
        { line: 2, row: { term: 'Drain plug', ko: '똠 햏 샾 볼트' } },
      ]);
  });

  it('strips the BOM Excel writes', async () => {
    expect(await all(readCsv(pieces(Buffer.from('\uFEFFterm,ko\nGasket,개스킷\n'), 4), 1000))).toEqual([
      { line: 2, row: { term: 'Gasket', ko: '개스킷' } },
    ]);
  });

  // An empty parts.csv was read as a table of no rows and replaced the live catalogue's parts with
  // none (docs/catalogue-format.md#files): a file without a header line is refused on line 1.
  it.each([
    ['an empty file', ''],
    ['blank lines', '\n\r\n\n'],
    ['a BOM alone', '\uFEFF'],
    ['a header of empty names', ',,\n1,2,3\n'],
  ])('refuses %s: there is no header line', async (_what, csv) => {
    expect(await all(readCsv(pieces(Buffer.from(csv), 2), 1000))).toEqual([
      { line: 1, error: '첫 줄(머리글)에 항목 이름을 쓰세요.', fatal: true },
    ]);
  });

  it('reports a header line too long as that, not also as a missing header', async () => {
    expect(await all(readCsv(pieces(Buffer.from('a'.repeat(2000) + '\n1\n'), 64), 1000))).toEqual([
      { line: 1, error: '줄이 너무 깁니다 (최대 1000자).', fatal: true },
    ]);
  });

  it('takes a header line without records (an empty table) and a header after blank lines', async () => {
    expect(await all(readCsv(pieces(Buffer.from('diagram,key,x,y\n'), 3), 1000))).toEqual([]);
    expect(await all(readCsv(pieces(Buffer.from('\n\na,b\n1,2\n'), 3), 1000))).toEqual([
      { line: 4, row: { a: '1', b: '2' } },
    ]);
  });

  it("reports a parser error it has no Korean text for without the parser's English", () => {
    const error = Object.assign(new Error('Invalid Closing Quote: found non trimable byte after quote at line 3'), {
      code: 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE',
      lines: 3,
    });
    expect(csvErrorRow(error, 2, 1000)).toEqual({
      line: 3,
      error: 'CSV 형식 오류: 이 줄을 CSV로 읽을 수 없습니다. 따옴표와 쉼표를 확인하세요.',
      fatal: true,
    });
  });
});
