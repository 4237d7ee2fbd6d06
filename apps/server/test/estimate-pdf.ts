import { pdfDocumentStream, toBuffer } from '../src/features/documents/pdf.js';

export interface EstimateLine {
  pid: string;
  name: string;
  qty: number;
  price: number;
}

const money = (n: number) => n.toLocaleString('ko-KR');

/**
 * A supplier's estimate (견적서) as a PDF with Korean text, made by pdfmake with the committed
 * Pretendard font, laid out as such estimates are: a title and a customer line, a table of 번호 /
 * 품번 / 품명 / 수량 / 단가 / 금액 with thousands commas, then the totals (docs/search.md#paste-anything).
 */
export async function estimatePdf(lines: readonly EstimateLine[]): Promise<Buffer> {
  const total = lines.reduce((sum, l) => sum + l.qty * l.price, 0);
  const body = [
    ['번호', '품번', '품명', '수량', '단가', '금액'],
    ...lines.map((l, i) => [String(i + 1), l.pid, l.name, String(l.qty), money(l.price), money(l.qty * l.price)]),
    ['', '', '합계', '', '', money(total)],
  ];
  const stream = await pdfDocumentStream({
    pageSize: 'A4',
    defaultStyle: { font: 'Pretendard', fontSize: 10 },
    content: [
      { text: '견 적 서', fontSize: 18, bold: true, alignment: 'center', margin: [0, 0, 0, 12] },
      { text: '수신: 부품몰 정비소 귀하', margin: [0, 0, 0, 8] },
      { table: { widths: [30, 110, '*', 40, 70, 80], headerRows: 1, body } },
      { text: '위와 같이 견적합니다.', margin: [0, 12, 0, 0] },
    ],
  });
  return toBuffer(stream);
}
