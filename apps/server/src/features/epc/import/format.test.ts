import { describe, expect, it } from 'vitest';
import { checkRow, code, codeList, Fail, image, int, line, optDate, optText, pairs, vin } from './format.js';
import { formatBytes } from './images.js';

const failOf = (v: unknown) => (v instanceof Fail ? v.message : null);

describe('field checks of the import files', () => {
  it('integers: both ends of the range, digit strings from CSV, and nothing else', () => {
    const x = int(0, 100);
    expect(x(0)).toBe(0);
    expect(x(100)).toBe(100);
    expect(failOf(x(-1))).toBe('0 이상이어야 합니다.');
    expect(failOf(x(101))).toBe('100 이하여야 합니다.');
    expect(x('42')).toBe(42);
    expect(x(' 42 ')).toBe(42);
    for (const bad of ['1.5', '1e2', '12a', '0x10', 1.5, Number.NaN, Infinity, true, [], {}])
      expect(failOf(x(bad)), String(bad)).toBe('정수가 아닙니다.');
    expect(failOf(x(''))).toBe('값이 없습니다.');
    expect(failOf(x(null))).toBe('값이 없습니다.');
    expect(failOf(x(undefined))).toBe('값이 없습니다.');
  });

  it('dates: real calendar days only, leap years included', () => {
    const d = optDate();
    expect(d('2024-02-29')).toBe('2024-02-29');
    expect(failOf(d('2023-02-29'))).toBe('YYYY-MM-DD 형식의 날짜가 아닙니다.');
    expect(d('2000-02-29')).toBe('2000-02-29');
    expect(failOf(d('1900-02-29'))).not.toBeNull();
    expect(d('2021-04-30')).toBe('2021-04-30');
    expect(failOf(d('2021-04-31'))).not.toBeNull();
    expect(failOf(d('2021-13-01'))).not.toBeNull();
    expect(failOf(d('2021-00-10'))).not.toBeNull();
    expect(failOf(d('2021-1-5'))).not.toBeNull();
    expect(failOf(d(20210105))).not.toBeNull();
    expect(d('')).toBeUndefined();
  });

  it('codes: up to the length, letters, digits, _ . - only; integers taken as text', () => {
    const c = code(5);
    expect(c('A_1.-')).toBe('A_1.-');
    expect(failOf(c('ABCDEF'))).toBe('5자 이하로 입력하세요.');
    expect(failOf(c('A B'))).toBe('영문, 숫자, 밑줄(_), 점(.), 하이픈(-)만 쓸 수 있습니다.');
    expect(failOf(c('가'))).not.toBeNull();
    expect(c(12)).toBe('12');
    expect(failOf(c(1.5))).toBe('문자열이어야 합니다.');
    expect(failOf(c('  '))).toBe('값이 없습니다.');
  });

  it('labels: trimmed, up to the length, no control characters; free text keeps line breaks', () => {
    const l = line(3);
    expect(l(' abc ')).toBe('abc');
    expect(failOf(l('abcd'))).toBe('3자 이하로 입력하세요.');
    expect(failOf(l('a\tb'))).toBe('제어 문자(줄바꿈, 탭 등)를 쓸 수 없습니다.');
    expect(failOf(l('   '))).toBe('값이 없습니다.');
    expect(optText(20)('line 1\nline 2\tend')).toBe('line 1\nline 2\tend');
    expect(failOf(optText(20)('nul\u0000'))).not.toBeNull();
    expect(optText(20)(undefined)).toBe('');
  });

  it('labels: no bidi controls, no broken characters, not blank (docs/catalogue-format.md#files)', () => {
    const unseen = '보이지 않는 방향 제어 문자나 깨진 문자를 쓸 수 없습니다.';
    // '\u202eBrakes' showed 'sekarB' to buyers; a JSON escape '\ud800' arrives as half a character.
    expect(
      checkRow('main_groups', JSON.parse('{"num": "11", "label": "Eng\\ud800ine"}') as Record<string, unknown>),
    ).toEqual({
      issues: [{ field: 'label', message: unseen }],
    });
    expect(checkRow('main_groups', { num: '34', label: '\u202eBrakes\u200b' })).toEqual({
      issues: [{ field: 'label', message: unseen }],
    });
    for (const bad of ['a\u202ab', 'a\u202db', 'a\u2066b', 'a\u2069b', '\udc00'])
      expect(failOf(line(20)(bad)), JSON.stringify(bad)).toBe(unseen);
    expect(failOf(optText(20)('a\n\u202eb'))).toBe(unseen);
    expect(failOf(line(20)('\u200b\u3164'))).toBe('값이 없습니다.');
    // Whole characters outside the BMP and joiners inside an emoji are text like any other.
    expect(line(20)('브레이크 🔧')).toBe('브레이크 🔧');
    expect(line(20)('👨\u200d🔧 정비')).toBe('👨\u200d🔧 정비');
  });

  it('option codes: an array or a string split on spaces and commas, upper-cased', () => {
    const l = codeList(3);
    expect(l('s337, b48  ll')).toEqual(['S337', 'B48', 'LL']);
    expect(l(['xdrive'])).toEqual(['XDRIVE']);
    expect(l('')).toEqual([]);
    expect(failOf(l('A B C D'))).toBe('최대 3개까지 쓸 수 있습니다.');
    expect(failOf(l(['A', 3]))).toBe('코드 목록(공백으로 구분)이 아닙니다.');
    expect(failOf(l('ÄÖ'))).not.toBeNull();
  });

  it('vehicle specs: an object or pairs, as JSON text in CSV', () => {
    const p = pairs();
    expect(p({ Engine: 'B48', Power: 190 })).toEqual([
      ['Engine', 'B48'],
      ['Power', '190'],
    ]);
    expect(p('[["Engine","B48"]]')).toEqual([['Engine', 'B48']]);
    expect(failOf(p('{bad json'))).toBe('항목-값 쌍의 JSON(객체 또는 [항목, 값] 배열)이 아닙니다.');
    expect(failOf(p([['only one']]))).not.toBeNull();
    expect(failOf(p([['Engine', '']]))).not.toBeNull();
  });

  it('images: relative paths inside the folder or https addresses', () => {
    const i = image();
    expect(i('images/a-1.svg')).toBe('images/a-1.svg');
    expect(i('https://img.example.kr/a.png')).toBe('https://img.example.kr/a.png');
    for (const bad of [
      '/etc/passwd',
      '../a.svg',
      'images/../../a.svg',
      'http://img.example.kr/a.png',
      'javascript:alert(1)',
      'C:\\images\\a.svg',
    ]) {
      expect(failOf(i(bad)), bad).toBe('이미지는 폴더 안의 상대 경로(예: images/a.svg) 또는 https:// 주소여야 합니다.');
    }
  });

  it('images: a relative path names the characters it may hold (docs/catalogue-format.md#files)', () => {
    const i = image();
    expect(i('images/Logo_1.2-a/b.PNG')).toBe('images/Logo_1.2-a/b.PNG');
    for (const bad of ['images/로고 1.svg', 'images/a b.svg', 'images\\a.svg', 'images/a+b.svg', 'images/é.png']) {
      expect(failOf(i(bad)), bad).toBe(
        '이미지 경로에는 영문, 숫자, 밑줄(_), 점(.), 하이픈(-), 슬래시(/)만 쓸 수 있습니다. 한글이나 공백이 있는 파일 이름은 바꾸세요.',
      );
    }
  });

  it('VINs: normalised, then checked as 17 characters', () => {
    const v = vin();
    expect(v(' wba5r1c02 mfk31415 ')).toBe('WBA5R1C02MFK31415');
    expect(failOf(v('WBA5R1C02MFK3141'))).toBe('17자리수의 차대번호를 입력하세요.');
    expect(failOf(v('WBA5R1C02MFK3141Q'))).toBe('차대번호에는 I, O, Q를 쓸 수 없습니다.');
    expect(failOf(v(12345678))).toBe('문자열이어야 합니다.');
  });

  it('rows: every bad field and the unknown ones are reported together', () => {
    expect(checkRow('hotspots', { diagram: 'D1', key: '1', x: 5, y: 6 })).toEqual({
      row: { diagram: 'D1', key: '1', x: 5, y: 6 },
    });
    expect(checkRow('hotspots', { diagram: 'D1', key: '1', x: 'a', colour: 'red' })).toEqual({
      issues: [
        { field: 'x', message: '정수가 아닙니다.' },
        { field: 'y', message: '값이 없습니다.' },
        { field: null, message: '알 수 없는 항목입니다: colour' },
      ],
    });
  });

  it('a __proto__ key from JSON is just an unknown field', () => {
    const row = JSON.parse('{"diagram": "D1", "key": "1", "x": 1, "y": 1, "__proto__": {"admin": true}}') as Record<
      string,
      unknown
    >;
    expect(checkRow('hotspots', row)).toEqual({
      issues: [{ field: null, message: '알 수 없는 항목입니다: __proto__' }],
    });
  });

  it('formats limits for messages', () => {
    expect(formatBytes(1023)).toBe('1023바이트');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(256 * 1024 * 1024)).toBe('256 MB');
  });
});
