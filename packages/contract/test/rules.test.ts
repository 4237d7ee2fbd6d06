import { describe, expect, it } from 'vitest';
import {
  alphaNumber,
  digitsOnly,
  formatBusinessNumber,
  formatWon,
  groupDigits,
  hyphenatePhone,
  hasVisibleText,
  isMobilePhone,
  isPlainLines,
  isPlainText,
  isValidBusinessNumber,
  MAIL_SHAPE,
} from '../src/rules.js';

/** Real-shaped business registration numbers (large Korean companies' published numbers). */
const VALID_NUMBERS = ['1248100998', '2208162517', '1208147521', '1078155843', '2148812345'];

describe('isValidBusinessNumber (National Tax Service checksum)', () => {
  it.each(VALID_NUMBERS)('accepts %s', (n) => {
    expect(isValidBusinessNumber(n)).toBe(true);
  });

  it('has exactly one valid check digit for any nine leading digits', () => {
    for (const nine of ['123456789', '000000000', '999999999', '214881234', '512345678']) {
      const valid = Array.from({ length: 10 }, (_, d) => nine + d).filter(isValidBusinessNumber);
      expect(valid).toHaveLength(1);
    }
  });

  it('refuses every single-digit change of a valid number', () => {
    let tried = 0;
    for (const n of VALID_NUMBERS) {
      for (let i = 0; i < 10; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === n[i]) continue;
          const changed = n.slice(0, i) + d + n.slice(i + 1);
          expect(isValidBusinessNumber(changed), changed).toBe(false);
          tried++;
        }
      }
    }
    expect(tried).toBe(VALID_NUMBERS.length * 10 * 9);
  });

  it('uses the carry of the ninth digit times five', () => {
    // 123456789: weighted sum 1+6+21+4+15+42+7+24+45 = 165, plus floor(9*5/10) = 4 -> 169 -> check 1.
    expect(isValidBusinessNumber('1234567891')).toBe(true);
    expect(isValidBusinessNumber('1234567895')).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['124810099', 'nine digits'],
    ['12481009980', 'eleven digits'],
    ['124-81-00998', 'with hyphens'],
    ['124810099a', 'a letter'],
    [' 1248100998', 'a leading space'],
    ['１２４８１００９９８', 'full-width digits'],
  ])('refuses %j (%s)', (value) => {
    expect(isValidBusinessNumber(value)).toBe(false);
  });
});

describe('formatBusinessNumber', () => {
  it('writes 10 digits as 3-2-5', () => {
    expect(formatBusinessNumber('1248100998')).toBe('124-81-00998');
    expect(formatBusinessNumber('124-81-00998')).toBe('124-81-00998');
  });
  it('leaves other lengths as digits', () => {
    expect(formatBusinessNumber('12345')).toBe('12345');
  });
});

describe('hyphenatePhone', () => {
  it.each([
    // 11 digits: mobile
    ['01012345678', '010-1234-5678'],
    ['010-1234-5678', '010-1234-5678'],
    ['010 1234 5678', '010-1234-5678'],
    // 10 digits: old mobile and area codes
    ['0111234567', '011-123-4567'],
    ['0311234567', '031-123-4567'],
    // Seoul 02 numbers, 9 and 10 digits
    ['021234567', '02-123-4567'],
    ['0212345678', '02-1234-5678'],
    ['02-3456-7891', '02-3456-7891'],
    // other 9-digit numbers
    ['031234567', '031-23-4567'],
    // 8-digit nationwide lines
    ['15881234', '1588-1234'],
    ['16001234', '1600-1234'],
    ['1899-5678', '1899-5678'],
  ])('%s -> %s', (input, shown) => {
    expect(hyphenatePhone(input)).toBe(shown);
  });

  it('leaves lengths it does not know as plain digits', () => {
    expect(hyphenatePhone('1234567')).toBe('1234567');
    expect(hyphenatePhone('12345678')).toBe('12345678');
    expect(hyphenatePhone('010123456789')).toBe('010123456789');
    expect(hyphenatePhone('')).toBe('');
  });
});

describe('isMobilePhone', () => {
  it('accepts 11 digits starting 010, 011, 016-019', () => {
    for (const p of ['01012345678', '01112345678', '01612345678', '01912345678']) expect(isMobilePhone(p)).toBe(true);
  });
  it('refuses other numbers', () => {
    for (const p of ['0101234567', '02123456789', '01512345678', '010-1234-5678', '010123456789']) {
      expect(isMobilePhone(p)).toBe(false);
    }
  });
});

describe('alphaNumber', () => {
  it.each([
    ['ab-12 3', 'AB123'],
    ['a0 00-123.45', 'A00012345'],
    ['A2118800000', 'A2118800000'],
    ['브레이크 패드 bp-12', 'BP12'],
    ['34 11 6 860 242', '34116860242'],
    ['A 000 420 12 20', 'A0004201220'],
    ['0034-11/6.860', '0034116860'],
    ['ａ０００-４２０ １２\u3000２０', 'A0004201220'],
    ['\t06a 906 \u200b033\n', '06A906033'],
    ['', ''],
    ['--- ', ''],
  ])('%j -> %j', (input, out) => {
    expect(alphaNumber(input)).toBe(out);
  });
});

describe('digitsOnly', () => {
  it.each([
    ['010-1234-5678', '01012345678'],
    [' 124 81 00998 ', '1248100998'],
    ['abc', ''],
    ['1a2b3c', '123'],
    ['', ''],
  ])('%j -> %j', (input, out) => {
    expect(digitsOnly(input)).toBe(out);
  });
});

describe('formatWon', () => {
  it.each([
    [0, '0원'],
    [1000, '1,000원'],
    [12300, '12,300원'],
    [5_000_000, '5,000,000원'],
    [12_480_000_000, '12,480,000,000원'],
    [-3000, '-3,000원'],
  ])('%d -> %s', (amount, shown) => {
    expect(formatWon(amount)).toBe(shown);
  });

  it('rounds a stray fraction to whole won', () => {
    expect(formatWon(1234.4)).toBe('1,234원');
    expect(formatWon(1234.5)).toBe('1,235원');
  });
});

describe('isPlainText and MAIL_SHAPE (no control characters reach the database)', () => {
  it('accepts Korean, emoji, punctuation and spaces', () => {
    for (const t of ['한빛수입차부품', '(주)파츠몰 코리아', '부품🚗', "O'Reilly & Co.", ''])
      expect(isPlainText(t), t).toBe(true);
  });
  it('refuses NUL, other C0 controls, DEL and line breaks', () => {
    for (const t of ['a\u0000b', 'a\u0001', '\u001f', 'a\u007f', 'a\nb', 'a\tb', '\u0085'])
      expect(isPlainText(t), JSON.stringify(t)).toBe(false);
  });
  it('refuses the bidi embeddings, overrides and isolates; keeps a ZWJ emoji and a left-to-right mark', () => {
    for (const t of ['abc\u202egnp.exe', 'a\u202ab', 'a\u202cb', 'a\u2066b', 'a\u2069b'])
      expect([isPlainText(t), isPlainLines(t)], JSON.stringify(t)).toEqual([false, false]);
    for (const t of ['정비사👨\u200d🔧', 'a\u200eb', 'a\u2065b', 'a\u202fb'])
      expect([isPlainText(t), isPlainLines(t)], JSON.stringify(t)).toEqual([true, true]);
  });
  it('refuses more than 30 combining marks in a row (the stream-safe limit), in a line as in lines', () => {
    for (const t of ['Z' + '\u0301\u0300\u0302'.repeat(11), 'a\n' + 'e' + '\u0301'.repeat(31), '\u0301'.repeat(40)])
      expect([isPlainText(t), isPlainLines(t)], JSON.stringify(t)).toEqual([false, false]);
    // Real accents, Indic vowel signs, emoji variation selectors and up to 30 marks on a letter stay.
    for (const t of [
      'Vie\u0302\u0323t',
      'नमस्ते',
      '❤️👍🏽',
      'e' + '\u0301'.repeat(30),
      ('a' + '\u0301'.repeat(30)).repeat(3),
    ])
      expect([isPlainText(t), isPlainLines(t)], JSON.stringify(t)).toEqual([true, true]);
  });
  it('text of lines keeps tabs and line breaks, refuses the other controls', () => {
    expect(isPlainLines('첫 줄\r\n둘째\t줄\n')).toBe(true);
    for (const t of ['a\u0000b', 'a\u0007', 'a\u000bb', 'a\u007f', '\u0085'])
      expect(isPlainLines(t), JSON.stringify(t)).toBe(false);
  });
  it('mail shape: a@b.c yes; spaces, control characters, two @ or no dot no', () => {
    expect(MAIL_SHAPE.test('demo@partsmall.kr')).toBe(true);
    expect(MAIL_SHAPE.test('데모@파츠몰.한국')).toBe(true);
    for (const t of [
      'demo\u0000@partsmall.kr',
      'demo@parts\u0000mall.kr',
      'de\u202emo@partsmall.kr',
      'demo@partsmall.k\u2066r',
      'de mo@partsmall.kr',
      'a@b@c.kr',
      'demo@partsmall',
      '@partsmall.kr',
    ]) {
      expect(MAIL_SHAPE.test(t), JSON.stringify(t)).toBe(false);
    }
  });
  it('mail shape: the domain needs a dot neither first nor last; any other dots are taken as before', () => {
    for (const t of ['a@b.c', 'a@.b.c', 'a@..c', 'a@b..c', 'a@b.c.', 'a@b.c.d.e', 'a.b@c.d', 'a@b.'.concat('c')])
      expect(MAIL_SHAPE.test(t), t).toBe(true);
    for (const t of ['a@.c', 'a@bc.', 'a@b', 'a@.', 'a@..', 'a@b.c@', 'a@b.c d'])
      expect(MAIL_SHAPE.test(t), t).toBe(false);
  });
  it('mail shape: an id of 100,000 dotted characters ending in @ is judged in one pass, not one per dot', () => {
    // The old pattern tried every dot against the rest: 80 KB of this took 7 s; this one would take over 10 s.
    const hostile = `a@${'a.'.repeat(50_000)}@`;
    const started = performance.now();
    expect(MAIL_SHAPE.test(hostile)).toBe(false);
    expect(MAIL_SHAPE.test(`a@${'a.'.repeat(50_000)}kr`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('hasVisibleText', () => {
  it('a braille blank, variation selectors and combining marks with no letter show nothing', () => {
    for (const t of [
      '\u2800',
      '\u2800 \u2800',
      '\ufe0f',
      '\ufe0e\ufe0f',
      '\u0301\u0301',
      '\u20dd',
      ' \u0301\u200b\u3164 ',
    ])
      expect(hasVisibleText(t), JSON.stringify(t)).toBe(false);
  });
  it('a letter, a digit or an emoji with marks around it shows', () => {
    for (const t of ['e\u0301', '\u0301a', '❤\ufe0f', '1\u20e3', '\u2801', '\u2800가'])
      expect(hasVisibleText(t), JSON.stringify(t)).toBe(true);
  });
});

describe('groupDigits', () => {
  it('writes integers as toLocaleString("ko-KR") does, and other numbers through it', () => {
    for (const n of [
      0,
      5,
      12,
      999,
      1000,
      1001,
      12_300,
      999_999,
      1_000_000,
      1_234_567,
      2_147_483_647,
      Number.MAX_SAFE_INTEGER,
      -1,
      -999,
      -1000,
      -1_234_567,
      1234.5678,
      -0.5,
      Number.MAX_SAFE_INTEGER + 2,
    ]) {
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString('ko-KR'));
    }
  });

  it('groups a string of digits as it is, however long; other text stays as it is', () => {
    expect(groupDigits('1500000')).toBe('1,500,000');
    expect(groupDigits('99999999999999999')).toBe('99,999,999,999,999,999');
    expect(groupDigits('1500.5')).toBe('1500.5');
  });
});
