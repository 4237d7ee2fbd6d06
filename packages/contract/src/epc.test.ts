import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  checkVin,
  colorValue,
  decodeVin,
  EPC_MSG,
  EPC_TEST_VINS,
  EPC_ZOOM,
  epcPartSearchKeyword,
  epcPartSearchRequest,
  epcReplaceRequest,
  isTestVin,
  normalizeVin,
  normalizeVinInput,
  shortVinOf,
  vinCheckDigit,
  vinHint,
  vinModelYear,
  zoomIn,
  zoomOut,
  type EpcBrand,
} from './epc.js';
import { epcToProductRequest } from './products.js';

const A17 = 'WBA5R1C09KAK98765';

/** A VIN-shaped string of `n` characters without I, O or Q. */
const vinOf = (n: number) => 'WBA5R1C09KAK98765WDDZF4JB8HA354812'.slice(0, n);

describe('normalizeVin', () => {
  it('uppercases and removes spaces, tabs, line breaks and invisible characters', () => {
    expect(normalizeVin(' wba5r1c0 9kak\t98765\n')).toBe(A17);
    expect(normalizeVin('WBA5R1C09\u200bKAK98765')).toBe(A17);
    expect(normalizeVin('WBA5R1C09\u3000KAK98765')).toBe(A17);
  });

  it('turns full-width letters typed on a Korean keyboard into ASCII', () => {
    expect(normalizeVin('ＷＢＡ５Ｒ１Ｃ０９ＫＡＫ９８７６５')).toBe(A17);
  });

  it('does not cut a long VIN (the check refuses it); the input box keeps 17', () => {
    expect(normalizeVin(`${A17}X`)).toBe(`${A17}X`);
    expect(normalizeVinInput(`${A17.toLowerCase()}x`)).toBe(A17);
    expect(normalizeVinInput('wba 5r1')).toBe('WBA5R1');
  });
});

describe('checkVin: lengths per brand', () => {
  const cases: [EpcBrand, number[], string][] = [
    ['all', [17], EPC_MSG.hintFull],
    ['bmw', [7, 17], EPC_MSG.hintShort7],
    ['benz', [8, 17], EPC_MSG.hintShort8],
    ['jaguar', [7, 17], EPC_MSG.hintShort7],
    ['land_rover', [8, 17], EPC_MSG.hintShort8],
    ['maserati', [7, 17], EPC_MSG.hintShort7],
    ['audi', [17], EPC_MSG.hintFull],
  ];
  it.each(cases)('%s accepts exactly %j and hints "%s" otherwise', (brand, lengths, hint) => {
    expect(vinHint(brand)).toBe(hint);
    for (let n = 1; n <= 18; n++) {
      const result = checkVin(brand, vinOf(n));
      if (lengths.includes(n)) {
        expect(result, `${brand} ${n}`).toEqual({ ok: true, vin: vinOf(n), kind: n === 17 ? 'full' : 'short' });
      } else {
        expect(result, `${brand} ${n}`).toEqual({ ok: false, vin: vinOf(n), message: hint });
      }
    }
  });

  it('asks for a VIN when nothing (or only spaces) was typed', () => {
    expect(checkVin('bmw', '')).toEqual({ ok: false, vin: '', message: '차대번호를 입력하세요.' });
    expect(checkVin('all', '   \t')).toEqual({ ok: false, vin: '', message: '차대번호를 입력하세요.' });
  });

  it('refuses I, O and Q, in any position, after upper-casing', () => {
    for (const c of ['I', 'O', 'Q', 'i', 'o', 'q']) {
      const vin = `WBA5R1C09KAK9876${c}`;
      expect(checkVin('all', vin)).toMatchObject({ ok: false, message: EPC_MSG.vinIoq });
    }
    expect(checkVin('bmw', 'OK98765')).toMatchObject({ ok: false, message: EPC_MSG.vinIoq });
    expect(checkVin('bmw', 'AK98765')).toMatchObject({ ok: true });
  });

  it('refuses anything but letters and digits', () => {
    for (const vin of ['WBA5R1C09-AK98765', '차대번호뒤일곱', 'WBA5R1C09KAK9876!', "WBA5R1'; DROP--"]) {
      expect(checkVin('all', vin)).toMatchObject({ ok: false, message: EPC_MSG.vinChars });
    }
  });

  it('normalises before checking: lower case and spaces are fine', () => {
    expect(checkVin('benz', ' ha35 4812 ')).toEqual({ ok: true, vin: 'HA354812', kind: 'short' });
  });

  it('refuses an unknown brand', () => {
    expect(checkVin('toyota', A17)).toMatchObject({ ok: false, message: EPC_MSG.unknownBrand });
    expect(checkVin('__proto__', A17)).toMatchObject({ ok: false, message: EPC_MSG.unknownBrand });
  });
});

describe('shortVinOf', () => {
  it('takes the last 7 for bmw, jaguar and maserati, the last 8 for benz and land_rover', () => {
    expect(shortVinOf('bmw', 'WBA5R1C09KAK98765')).toBe('AK98765');
    expect(shortVinOf('jaguar', 'SAJBA4BN9HCY61842')).toBe('CY61842');
    expect(shortVinOf('maserati', 'ZAMXS57C3J1273415')).toBe('1273415');
    expect(shortVinOf('benz', 'WDDZF4JB8HA354812')).toBe('HA354812');
    expect(shortVinOf('land_rover', 'SALGA2BE1JA379126')).toBe('JA379126');
  });

  it('has none for brands searched by 17 characters only, nor for a VIN that is not 17 long', () => {
    expect(shortVinOf('audi', 'WAUZZZ4KZLN012345')).toBeNull();
    expect(shortVinOf('all', 'WAUZZZ4KZLN012345')).toBeNull();
    expect(shortVinOf('bmw', 'AK98765')).toBeNull();
  });
});

describe('VIN decoding', () => {
  it('computes the ISO 3779 check digit (published example 1M8GDM9AXKP042788: X)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('WDDZF4JB8HA354812')).toBe('8');
  });

  it('reads maker, brand, country and model year of the benz test VIN, check digit valid', () => {
    expect(decodeVin('WDDZF4JB8HA354812', new Date('2026-06-01T00:00:00Z'))).toEqual({
      vin: 'WDDZF4JB8HA354812',
      wmi: 'WDD',
      manufacturer: 'Mercedes-Benz',
      brand: 'benz',
      country: '독일',
      modelYear: 2017,
      checkDigit: 'valid',
      expectedCheckDigit: '8',
      warning: null,
    });
  });

  it('warns, without refusing, when position 9 is a digit that does not match', () => {
    const decoded = decodeVin('WDDZF4JB7HA354812', new Date('2026-06-01T00:00:00Z'));
    expect(decoded).toMatchObject({
      checkDigit: 'invalid',
      expectedCheckDigit: '8',
      warning: EPC_MSG.checkDigitWarning,
      brand: 'benz',
    });
  });

  it('calls a letter in position 9 absent (European VW-group VINs), with no warning', () => {
    expect(decodeVin('WAUZZZ4KZLN012345', new Date('2026-06-01T00:00:00Z'))).toMatchObject({
      manufacturer: 'Audi',
      brand: 'audi',
      modelYear: 2020,
      checkDigit: 'absent',
      expectedCheckDigit: '2',
      warning: null,
    });
  });

  it('knows the other catalogue makers and leaves unknown ones null', () => {
    expect(decodeVin('SAJBA4BN9HCY61842')).toMatchObject({ brand: 'jaguar', country: '영국', checkDigit: 'valid' });
    expect(decodeVin('SALGA2BE1JA379126')).toMatchObject({ brand: 'land_rover', country: '영국', checkDigit: 'valid' });
    expect(decodeVin('ZAMXS57C3J1273415')).toMatchObject({
      brand: 'maserati',
      country: '이탈리아',
      checkDigit: 'valid',
    });
    expect(decodeVin('KMHD841CBNU123456')).toMatchObject({
      manufacturer: '현대자동차',
      brand: null,
      country: '대한민국',
    });
    expect(decodeVin('XTA21099011111111')).toMatchObject({ manufacturer: null, brand: null, country: null });
  });

  it('decodes only checked 17-character VINs', () => {
    expect(decodeVin('WDDZF4JB8HA35481')).toBeNull();
    expect(decodeVin('WDDZF4JB8HA3548121')).toBeNull();
    expect(decodeVin('WDDZF4JB8HA35481O')).toBeNull();
    expect(decodeVin('wddzf4jb8ha354812')).toBeNull();
  });

  it('takes the later of the two years of a code unless it is more than a year ahead', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const at = (code: string) => vinModelYear(`WBA5R1C09${code}AK98765`, now);
    expect(at('A')).toBe(2010);
    expect(at('Y')).toBe(2030 - 30); // 2030 is more than a year ahead of 2026
    expect(at('T')).toBe(2026);
    expect(at('V')).toBe(2027); // next model year is sold from the year before
    expect(at('W')).toBe(1998); // 2028: too far ahead
    expect(at('1')).toBe(2001);
    expect(at('9')).toBe(2009);
    expect(at('0')).toBeNull();
    expect(at('Z')).toBeNull();
    expect(at('U')).toBeNull();
  });
});

describe('test VINs', () => {
  it('are one each for benz, bmw and audi, valid for their brand and for all', () => {
    expect(EPC_TEST_VINS.map((t) => t.brand)).toEqual(['benz', 'bmw', 'audi']);
    for (const t of EPC_TEST_VINS) {
      expect(checkVin(t.brand, t.vin)).toEqual({ ok: true, vin: t.vin, kind: 'full' });
      expect(checkVin('all', t.vin)).toEqual({ ok: true, vin: t.vin, kind: 'full' });
      expect(decodeVin(t.vin)!.brand).toBe(t.brand);
    }
  });

  it('carry a valid check digit where the maker uses one', () => {
    expect(decodeVin(EPC_TEST_VINS[0]!.vin)!.checkDigit).toBe('valid');
    expect(decodeVin(EPC_TEST_VINS[1]!.vin)!.checkDigit).toBe('valid');
    expect(decodeVin(EPC_TEST_VINS[2]!.vin)!.checkDigit).toBe('absent');
  });

  it('are recognised exactly, not by prefix or in lower case', () => {
    expect(isTestVin('WDDZF4JB8HA354812')).toBe(true);
    expect(isTestVin('WDDZF4JB8HA354813')).toBe(false);
    expect(isTestVin('wddzf4jb8ha354812')).toBe(false);
    expect(isTestVin('HA354812')).toBe(false);
  });
});

describe('colorValue (applicability against the vehicle)', () => {
  const car = { options: ['M264', 'L', '337'], productionDate: '2018-06-15' };

  it('fits when nothing restricts', () => {
    expect(colorValue(null, car)).toBe(1);
    expect(colorValue(undefined, car)).toBe(1);
    expect(colorValue({}, car)).toBe(1);
    expect(colorValue({ all: [], any: [], none: [] }, car)).toBe(1);
  });

  it('needs every code of all', () => {
    expect(colorValue({ all: ['M264', 'L'] }, car)).toBe(1);
    expect(colorValue({ all: ['M264', 'R'] }, car)).toBe(0);
  });

  it('needs one code of any', () => {
    expect(colorValue({ any: ['M274', '337'] }, car)).toBe(1);
    expect(colorValue({ any: ['M274', 'M256'] }, car)).toBe(0);
  });

  it('refuses a vehicle with a code of none', () => {
    expect(colorValue({ none: ['R', 'M274'] }, car)).toBe(1);
    expect(colorValue({ none: ['R', '337'] }, car)).toBe(0);
  });

  it('compares option codes exactly (case and whole codes)', () => {
    expect(colorValue({ all: ['l'] }, car)).toBe(0);
    expect(colorValue({ all: ['M26'] }, car)).toBe(0);
  });

  it('includes both ends of the production range', () => {
    expect(colorValue({ from: '2018-06-15' }, car)).toBe(1);
    expect(colorValue({ from: '2018-06-16' }, car)).toBe(0);
    expect(colorValue({ to: '2018-06-15' }, car)).toBe(1);
    expect(colorValue({ to: '2018-06-14' }, car)).toBe(0);
    expect(colorValue({ from: '2016-01-01', to: '2019-12-31' }, car)).toBe(1);
    expect(colorValue({ from: '2019-01-01', to: '2019-12-31' }, car)).toBe(0);
  });

  it('needs every condition at once', () => {
    expect(colorValue({ all: ['L'], none: ['R'], from: '2016-01-01', to: '2020-12-31' }, car)).toBe(1);
    expect(colorValue({ all: ['L'], none: ['R'], from: '2016-01-01', to: '2017-12-31' }, car)).toBe(0);
    expect(colorValue({ all: ['R'], from: '2016-01-01' }, car)).toBe(0);
  });

  it('shows date-limited parts as fitting when the vehicle has no production date', () => {
    const unknown = { options: ['L'], productionDate: null };
    expect(colorValue({ from: '2030-01-01' }, unknown)).toBe(1);
    expect(colorValue({ from: '2030-01-01', all: ['R'] }, unknown)).toBe(0);
  });
});

describe('diagram zoom', () => {
  it('has the original constants', () => {
    expect(EPC_ZOOM).toMatchObject({ inStep: 0.5, outStep: 0.25, min: 0.5, max: 3 });
  });

  it('zooms in by 0.5 up to 3 and is blocked at 3', () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomIn(2.5)).toBe(3);
    expect(zoomIn(2.75)).toBe(3);
    expect(canZoomIn(2.99)).toBe(true);
    expect(canZoomIn(3)).toBe(false);
    expect(zoomIn(3)).toBe(3);
    expect(zoomIn(3.2)).toBe(3.2);
  });

  it('zooms out by 0.25 down to 0.5 and no further', () => {
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.75)).toBe(0.5);
    expect(zoomOut(0.6)).toBe(0.5);
    expect(canZoomOut(0.51)).toBe(true);
    expect(canZoomOut(0.5)).toBe(false);
    expect(zoomOut(0.5)).toBe(0.5);
  });
});

describe('part-number search keyword (2-50)', () => {
  const parse = (v: unknown) => epcPartSearchKeyword.safeParse(v);
  const message = (v: unknown) => {
    const r = parse(v);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('accepts 2 and 50 characters, refuses 1 and 51', () => {
    expect(parse('A1')).toEqual({ success: true, data: 'A1' });
    expect(message('A')).toBe(EPC_MSG.partSearchLength);
    expect(parse('1'.repeat(50)).success).toBe(true);
    expect(message('1'.repeat(51))).toBe(EPC_MSG.partSearchLength);
  });

  it('trims before counting and asks for a number when empty', () => {
    expect(parse('  A1  ')).toEqual({ success: true, data: 'A1' });
    expect(message(' A ')).toBe(EPC_MSG.partSearchLength);
    expect(message('')).toBe(EPC_MSG.partSearchRequired);
    expect(message('   ')).toBe(EPC_MSG.partSearchRequired);
    expect(message(undefined)).toBe(EPC_MSG.partSearchRequired);
    expect(message(12)).toBe(EPC_MSG.partSearchRequired);
  });

  it('needs two letters or digits once separators are dropped', () => {
    expect(message('--')).toBe(EPC_MSG.partSearchChars);
    expect(message('A-')).toBe(EPC_MSG.partSearchChars);
    expect(parse('A 2').success).toBe(true);
    expect(message('부품')).toBe(EPC_MSG.partSearchChars);
  });
});

describe('a catalogue part number too long is told its limit, not asked for again', () => {
  const A50 = 'A'.repeat(50);
  const A51 = 'A'.repeat(51);
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => i.message);

  it('epc/getCarsReplace takes 50 characters and says 50자 for 51; missing and control characters keep their own messages', () => {
    expect(messages(epcReplaceRequest.safeParse({ pid: A50, brand_code: 'benz' }))).toEqual([]);
    expect(messages(epcReplaceRequest.safeParse({ pid: A51, brand_code: 'benz' }))).toEqual([
      '부품번호는 50자 이내로 입력하세요.',
    ]);
    expect(messages(epcReplaceRequest.safeParse({ pid: '', brand_code: 'benz' }))).toEqual(['부품번호를 입력하세요.']);
    expect(messages(epcReplaceRequest.safeParse({ pid: 'A000\u0007421', brand_code: 'benz' }))).toEqual([
      '부품번호에 쓸 수 없는 문자가 있습니다.',
    ]);
  });

  it('api/getEpcToProduct takes 50 characters and says 50자 for 51, not the 200 of a search word', () => {
    expect(messages(epcToProductRequest.safeParse({ pid: A50 }))).toEqual([]);
    expect(messages(epcToProductRequest.safeParse({ pid: A51 }))).toEqual(['부품번호는 50자 이내로 입력하세요.']);
    expect(messages(epcToProductRequest.safeParse({ pid: '' }))).toEqual(['부품번호를 입력하세요.']);
  });
});

describe('the part-number search across catalogues: page and size', () => {
  const issue = (objSearchMapper: Record<string, unknown>) =>
    epcPartSearchRequest.safeParse({ objSearchMapper: { searchKeyword: 'A9', ...objSearchMapper } }).error?.issues[0]
      ?.message;
  it('a size from 1 to 100 passes; 0 and 101 are told the size, not the page', () => {
    expect([issue({ size: 1 }), issue({ size: 100 })]).toEqual([undefined, undefined]);
    expect([issue({ size: 0 }), issue({ size: 101 })]).toEqual([EPC_MSG.badPageSize, EPC_MSG.badPageSize]);
    expect(EPC_MSG.badPageSize).toBe('한 번에 1~100개까지 조회할 수 있습니다.');
  });
  it('a page of 0 is told the page', () => {
    expect(issue({ page: 0 })).toBe('페이지 번호가 올바르지 않습니다.');
  });
});
