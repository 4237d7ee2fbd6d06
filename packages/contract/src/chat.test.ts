import { describe, expect, it } from 'vitest';
import { adminMessagePayload, chatTextField, clientMessageIdField, oldMessageRequestPayload } from './chat.js';

const message = (v: unknown) => {
  const r = chatTextField.safeParse(v);
  return r.success ? r.data : r.error.issues[0]!.message;
};

describe('chat text', () => {
  it('is trimmed and kept otherwise, line breaks included', () => {
    expect(message('  안녕하세요\n반갑습니다  ')).toBe('안녕하세요\n반갑습니다');
  });
  it.each(['', ' ', '\n\t', '\u3000', '\u3164\u3164', '\u200b', '\u115f\u1160', '\uffa0'])('%j is blank', (v) => {
    expect(message(v)).toBe('전송할 내용을 입력하세요.');
  });
  // A braille blank, a variation selector or combining marks with no letter under them showed as an empty bubble.
  it.each(['\u2800', '\u2800\u2800 \u2800', '\ufe0f', '\u0301\u0301', ' \u0301\u200b\ufe0f '])('%j is blank', (v) => {
    expect(message(v)).toBe('전송할 내용을 입력하세요.');
  });
  it('a letter with more than 30 combining marks piled on it is refused; real accents and emoji are kept', () => {
    // 1,800 marks on one letter drew a tall column over the earlier bubbles (docs/requirements.md#validation).
    expect(message('Z' + '\u0301\u0300\u0302'.repeat(600))).toBe('입력할 수 없는 문자가 포함되어 있습니다.');
    expect(message('Z' + '\u0301'.repeat(31))).toBe('입력할 수 없는 문자가 포함되어 있습니다.');
    expect(message('Z' + '\u0301'.repeat(30))).toBe('Z' + '\u0301'.repeat(30));
    const kept = [
      'Vie\u0302\u0323t Nam',
      'नमस्ते',
      '❤️ 감사합니다 👍🏽',
      '\u1100\u1161\u11a8',
      ('a' + '\u0301'.repeat(30)).repeat(3),
    ];
    for (const t of kept) expect(message(t), JSON.stringify(t)).toBe(t);
  });
  it('2,000 characters pass and 2,001 do not, counted as characters', () => {
    expect(message('가'.repeat(2000))).toHaveLength(2000);
    expect(message('가'.repeat(2001))).toBe('메시지는 2,000자 이내로 입력하세요.');
    expect(message('🔧'.repeat(2000))).toHaveLength(4000);
    expect(message('🔧'.repeat(2001))).toBe('메시지는 2,000자 이내로 입력하세요.');
  });
  it('control characters other than line breaks and tabs, and bidi controls, are refused', () => {
    expect(message('a\u0000b')).toBe('입력할 수 없는 문자가 포함되어 있습니다.');
    expect(message('a\u001bb')).toBe('입력할 수 없는 문자가 포함되어 있습니다.');
    // 'bidi exe.png' on the reader's screen (docs/requirements.md#validation).
    expect(message('bidi \u202Egnp.exe')).toBe('입력할 수 없는 문자가 포함되어 있습니다.');
    expect(message('a\u2066b\u2069')).toBe('입력할 수 없는 문자가 포함되어 있습니다.');
    // Other format characters stay: a joined emoji, a left-to-right mark.
    expect(message('👨\u200d🔧 a\u200eb')).toBe('👨\u200d🔧 a\u200eb');
    expect(message('a\tb\r\nc')).toBe('a\tb\r\nc');
  });
  it('non-strings are refused with the Korean message', () => {
    expect(message(42)).toBe('전송할 내용을 입력하세요.');
    expect(message(null)).toBe('전송할 내용을 입력하세요.');
  });
});

describe('chat payloads', () => {
  it('client message ids are 8-64 letters, digits, - or _', () => {
    expect(clientMessageIdField.safeParse('a'.repeat(8)).success).toBe(true);
    expect(clientMessageIdField.safeParse('a'.repeat(7)).success).toBe(false);
    expect(clientMessageIdField.safeParse('a'.repeat(64)).success).toBe(true);
    expect(clientMessageIdField.safeParse('a'.repeat(65)).success).toBe(false);
    expect(clientMessageIdField.safeParse('../../aaaaaa').success).toBe(false);
  });
  it('targetUser takes a number or a digit string, nothing else', () => {
    const parse = (targetUser: unknown) =>
      adminMessagePayload.safeParse({ sendMessage: '네', clientMessageId: 'abcdefgh', targetUser });
    expect(parse(7).data?.targetUser).toBe(7);
    expect(parse('7').data?.targetUser).toBe(7);
    for (const bad of [0, -1, 1.5, 'abc', '', true, null, [7], 2_147_483_648])
      expect(parse(bad).success, String(bad)).toBe(false);
  });
  it('history requests default to page 1 of 50 and cap the size at 100', () => {
    expect(oldMessageRequestPayload.parse(undefined)).toEqual({ page: 1, size: 50 });
    expect(oldMessageRequestPayload.parse({ size: 500 })).toEqual({ page: 1, size: 100 });
    expect(oldMessageRequestPayload.safeParse({ page: 0 }).success).toBe(false);
  });
});
