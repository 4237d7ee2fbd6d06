import { describe, expect, it } from 'vitest';
import type { EpcPart } from '@partsmall/contract';
import { csvCell, partsCsv } from './csv';

const part = (over: Partial<EpcPart>): EpcPart => ({
  pnum: '1',
  itid: '',
  itid2: '',
  pid: 'A 000 421 25 12',
  standard_label: '',
  label: '브레이크 패드',
  quantity: '1',
  model: '',
  stituteStatus: '',
  remark: '',
  refmid: [],
  colorvalue: 1,
  products: [],
  ...over,
});

describe('parts CSV', () => {
  it('quotes commas and quotes, defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(12000)).toBe('12000');
  });

  it('keeps OE numbers Excel would turn into numbers as text (="…"): a leading zero, or 12 digits and more', () => {
    expect(csvCell('07119915325')).toBe('"=""07119915325"""');
    expect(csvCell('0')).toBe('0');
    expect(csvCell('123456789012')).toBe('"=""123456789012"""');
    expect(csvCell('1234567890123456789')).toBe('"=""1234567890123456789"""');
    // 11 digits without a leading zero read back the same; letters or spaces are text already.
    expect(csvCell('11428575211')).toBe('11428575211');
    expect(csvCell('A 000 421 25 12')).toBe('A 000 421 25 12');
    expect(csvCell('0 911 111')).toBe('0 911 111');
    expect(partsCsv([part({ pnum: '3', pid: '07119915325', label: '와셔' })]).split('\r\n')[1]).toBe(
      '3,"=""07119915325""",와셔,1,,,적용,,',
    );
  });

  it('writes a header and one line per shown part, with the first product price and stock', () => {
    const text = partsCsv([
      part({
        products: [
          {
            seq: 1,
            name: '패드',
            pid: 'A0004212512',
            price: 45000,
            salePrice: 50000,
            hasAmount: 7,
            stockName: '한국 김포',
            storageId: 1,
            imgFiles: [],
            companyId: 0,
          },
        ],
      }),
      part({ pnum: '2', pid: 'N 910', label: '볼트, M8', colorvalue: 0 }),
    ]);
    expect(text.split('\r\n')).toEqual([
      '\uFEFF번호,부품번호,부품명,수량,적용,비고,적용 여부,판매가(원),재고',
      '1,A 000 421 25 12,브레이크 패드,1,,,적용,45000,7',
      '2,N 910,"볼트, M8",1,,,미적용,,',
      '',
    ]);
  });
});
