/** EUC-KR bytes of a text, from a table built by decoding every two-byte code (no encoder needed). */
export function encodeEucKr(text: string): Uint8Array {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('euc-kr');
  for (let lead = 0xa1; lead <= 0xfe; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const ch = decoder.decode(Uint8Array.from([lead, trail]));
      if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else bytes.push(...table.get(ch)!);
  }
  return Uint8Array.from(bytes);
}
