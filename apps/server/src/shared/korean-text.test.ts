import { describe, expect, it } from 'vitest';
import { decodeCsv } from './spreadsheet.js';
import { Cp949Decoder, decodeCp949 } from './korean-text.js';

/**
 * CP949 (Windows' Korean code page, what Korean Excel's 'CSV (쉼표로 분리)' saves): KS X 1001 and the
 * 8,822 Hangul syllables outside it (똠, 햏, 샾, 힣 …), written with lead bytes 0x81–0xC6.
 */
const ASCII = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
// 똠 8C 63 (its trail byte is ASCII 'c'), 얌 BE E4, 꿍 B2 E1, 햏 C1 64, 샾 98 DE, 힣 C6 52.
const MEMO = [0x8c, 0x63, 0xbe, 0xe4, 0xb2, 0xe1, 0x20, 0xc1, 0x64, 0x20, 0x98, 0xde, 0x20, 0xc6, 0x52];

describe('decodeCp949', () => {
  it('reads the syllables outside KS X 1001 as they were written, none dropped or turned into letters', () => {
    expect(decodeCp949(Uint8Array.from(MEMO))).toBe('똠얌꿍 햏 샾 힣');
  });

  it('refuses bytes that are no CP949 rather than guessing', () => {
    expect(decodeCp949(Uint8Array.from([0x41, 0xff, 0xff, 0x0a]))).toBeNull();
    // A lead byte cut off at the end of the file.
    expect(decodeCp949(Uint8Array.from([0x41, 0x8c]))).toBeNull();
  });
});

describe('Cp949Decoder', () => {
  it('reads a file chunk by chunk, a character cut between two chunks kept whole', () => {
    const decoder = new Cp949Decoder();
    const bytes = Uint8Array.from(MEMO);
    // Cut after 똠's lead byte 8C: alone it would be lost and its trail byte read as 'c'.
    const text = decoder.decode(bytes.subarray(0, 1), { stream: true }) + decoder.decode(bytes.subarray(1));
    expect(text).toBe('똠얌꿍 햏 샾 힣');
  });
});

describe('decodeCsv', () => {
  it('reads a CP949 CSV whole: 똠 stays 똠, not the letter c', () => {
    const data = Uint8Array.from([...ASCII('42215489599,2,'), ...MEMO, 0x0a]);
    expect(decodeCsv(data)).toBe('42215489599,2,똠얌꿍 햏 샾 힣\n');
  });

  it('still reads UTF-8 first: a valid UTF-8 file is never taken for CP949', () => {
    expect(decodeCsv(new TextEncoder().encode('품번,수량\n똠,1\n'))).toBe('품번,수량\n똠,1\n');
  });
});
