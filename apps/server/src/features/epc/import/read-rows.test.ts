import { describe, expect, it } from 'vitest';
import { CopyBuffer } from './copy-text.js';
import { DEFAULT_LIMITS, TABLES, type TableName } from './format.js';
import { Problems, WRITE_TABLES, type WriteTable } from './plan.js';
import { eachRow, type ImportCheck } from './read-rows.js';
import { memorySource } from './source.js';

/** The shared state of a check of `files`, as validateCatalogue builds it. */
function checkOf(files: Record<string, string>): ImportCheck {
  return {
    source: memorySource(files),
    limits: DEFAULT_LIMITS,
    problems: new Problems(DEFAULT_LIMITS.maxProblems),
    fileOf: new Map(Object.keys(files).map((f) => [f.replace(/\.(jsonl|csv)$/, '') as TableName, f])),
    buffers: Object.fromEntries(Object.keys(WRITE_TABLES).map((t) => [t, new CopyBuffer()])) as Record<
      WriteTable,
      CopyBuffer
    >,
    counts: Object.fromEntries(TABLES.map((t) => [t, 0])) as Record<TableName, number>,
    unreadable: new Set(),
    images: new Map(),
  };
}

const ROWS = 100_000;
const partRows = (n: number) => {
  let text = '';
  for (let i = 0; i < n; i++)
    text += `{"diagram": "D1", "pnum": "1", "pid": "11 42 8 575 ${i}", "label": "Oil filter"}\n`;
  return text;
};

describe('eachRow', () => {
  // An upload is checked inside the server's one thread: a 600,000-row file held every other
  // request for 6 s (docs/catalogue-format.md#limits). Other work must get its turn during the check.
  it.each([
    ['parts.jsonl', partRows(ROWS)],
    ['parts.csv', 'diagram,pnum,pid,label\n' + 'D1,1,11 42 8 575 211,Oil filter\n'.repeat(ROWS)],
  ])('lets other requests in while it checks a large %s', async (file, text) => {
    const ck = checkOf({ [file]: text });
    let otherWorkDone = false;
    setImmediate(() => (otherWorkDone = true));
    let doneBeforeLastRow = false;
    await eachRow(ck, 'parts', (_row, _line, index) => {
      if (index === ROWS) doneBeforeLastRow = otherWorkDone;
    });
    expect(ck.problems.list).toEqual([]);
    expect(ck.counts.parts).toBe(ROWS);
    expect(doneBeforeLastRow).toBe(true);
  });
});
