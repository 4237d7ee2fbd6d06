/**
 * Korean text in Windows' code page CP949 (UHC), which Korean Excel's 'CSV (쉼표로 분리)' and the banks'
 * exports save (docs/requirements.md#quick-order: `.csv` in UTF-8 or EUC-KR). CP949 is EUC-KR (KS X
 * 1001) plus the 8,822 Hangul syllables KS X 1001 lacks (똠, 햏, 샾, 힣 …). Node's
 * `TextDecoder('euc-kr')` cannot be trusted for it: with some ICU builds it is plain EUC-KR, which
 * throws on those syllables or, worse, drops a lead byte and keeps its trail byte as an ASCII letter
 * ('똠', 8C 63, became 'c'). iconv-lite's table is the whole of CP949, the same in every build.
 */
import iconv from 'iconv-lite';

const REPLACEMENT = '\ufffd';

/**
 * The text of CP949 bytes, or null when some bytes are not CP949 (a byte no table maps, a lead byte
 * without its trail byte): refused rather than read with a character silently replaced.
 */
export function decodeCp949(data: Uint8Array): string | null {
  const text = iconv.decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 'cp949');
  // CP949 has no code for U+FFFD: one in the text is a byte the decoder could not read.
  return text.includes(REPLACEMENT) ? null : text;
}

/**
 * A streaming CP949 decoder shaped as `TextDecoder` (non-fatal: a byte it cannot read becomes
 * U+FFFD), for a reader that decodes a large file chunk by chunk; a character cut between two chunks
 * is kept for the next one while `stream` is true.
 */
export class Cp949Decoder {
  private decoder = iconv.getDecoder('cp949');

  decode(input?: Uint8Array, options?: { stream?: boolean }): string {
    const bytes = input ? Buffer.from(input.buffer, input.byteOffset, input.byteLength) : Buffer.alloc(0);
    const text = this.decoder.write(bytes);
    if (options?.stream) return text;
    const rest = this.decoder.end() ?? '';
    this.decoder = iconv.getDecoder('cp949');
    return text + rest;
  }
}
