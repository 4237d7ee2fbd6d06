import { describe, expect, it } from 'vitest';
import { pdfText, readQuickOrderFile } from '../../src/features/quick-order/files.js';

/**
 * A PDF estimate uploaded to quick order (docs/search.md#paste-anything): its text laid out line by
 * line, columns apart by two spaces, then read by its columns. The PDFs are written here as a
 * document printer writes them: one text object per cell at its position, Helvetica.
 */
function pdf(cells: { x: number; y: number; text: string }[][]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const pages = cells.map((page) => page.map((c) => `BT /F1 10 Tf ${c.x} ${c.y} Td (${esc(c.text)}) Tj ET`).join('\n'));
  const objects: string[] = [];
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** An estimate's table: a row per line at y, cells at the columns' x. */
const COLUMNS = [50, 80, 190, 330, 370, 450];
const table = (rows: string[][], top = 760) =>
  rows.flatMap((row, r) => row.map((text, c) => ({ x: COLUMNS[c]!, y: top - r * 18, text })));

describe('a PDF estimate', () => {
  it('lays its text out as lines, columns two spaces apart, the words of a cell one', async () => {
    const file = pdf([
      table([
        ['No', 'Part No', 'Description', 'Qty', 'Unit price', 'Amount'],
        ['1', '42215489599', 'Oil filter BMW', '2', '21,700', '43,400'],
      ]),
    ]);
    expect(await pdfText(file)).toBe(
      'No  Part No  Description  Qty  Unit price  Amount\n1  42215489599  Oil filter BMW  2  21,700  43,400',
    );
  });

  it('uploaded to quick order, reads part numbers and quantities by the columns, over two pages, the totals left out', async () => {
    const file = pdf([
      table([
        ['No', 'Part No', 'Description', 'Qty', 'Unit price', 'Amount'],
        ['1', '42215489599', 'Oil filter', '2', '21,700', '43,400'],
        ['2', 'A2295938783', 'Oil filter', '1', '19,800', '19,800'],
      ]),
      table([
        ['3', 'LR463819', 'Oil filter', '4', '20,500', '82,000'],
        ['', '', 'Total', '', '', '145,200'],
      ]),
    ]);
    const read = await readQuickOrderFile({ filename: 'estimate.pdf', data: file });
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((r) => [r.normalised, r.qty])).toEqual([
      ['42215489599', 2],
      ['A2295938783', 1],
      ['LR463819', 4],
    ]);
    expect(read.columns).toEqual({ roles: ['line', 'part', 'name', 'qty', 'price', 'amount'], header: true });
  });

  it('refuses a broken PDF and one without text with a Korean message', async () => {
    const broken = await readQuickOrderFile({
      filename: 'x.pdf',
      data: new Uint8Array(Buffer.from('%PDF-1.4\ngarbage')),
    });
    expect(broken).toEqual({ ok: false, message: 'PDF 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인하세요.' });
    const empty = await readQuickOrderFile({ filename: 'scan.pdf', data: pdf([[]]) });
    expect(empty).toEqual({
      ok: false,
      message: 'PDF에서 글자를 찾을 수 없습니다. 스캔한 이미지 PDF는 읽을 수 없으니 견적서 내용을 복사해 붙여넣으세요.',
    });
  });
});
