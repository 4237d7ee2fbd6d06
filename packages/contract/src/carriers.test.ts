import { describe, expect, it } from 'vitest';
import {
  CARRIERS,
  carrierByCode,
  carrierFromName,
  isWaybillValid,
  normalizeWaybill,
  trackingLink,
  type CarrierCode,
} from './carriers.js';

function carrier(code: CarrierCode) {
  const c = carrierByCode(code);
  if (!c) throw new Error(code);
  return c;
}

describe('carrier list', () => {
  it('holds the eight tracked carriers and the two ways without a waybill', () => {
    expect(CARRIERS.map((c) => [c.code, c.name, c.tracked])).toEqual([
      ['kr.cjlogistics', 'CJ대한통운', true],
      ['kr.lotte', '롯데택배', true],
      ['kr.hanjin', '한진택배', true],
      ['kr.logen', '로젠택배', true],
      ['kr.epost', '우체국택배', true],
      ['kr.kdexp', '경동택배', true],
      ['kr.daesin', '대신택배', true],
      ['kr.ilyanglogis', '일양로지스', true],
      ['direct', '직접 배송', false],
      ['quick', '퀵', false],
    ]);
  });

  it('knows no other code', () => {
    expect(carrierByCode('kr.fedex')).toBeUndefined();
    expect(carrierByCode('')).toBeUndefined();
  });
});

describe('waybill rules: both sides of each', () => {
  // [code, shortest or typical accepted, refused: one digit too few, one too many, a letter]
  const cases: [CarrierCode, string[], string[]][] = [
    ['kr.cjlogistics', ['1234567890', '123456789012'], ['123456789', '12345678901', '1234567890123', '12345678901A']],
    [
      'kr.lotte',
      ['1234567890', '123456789012', '1234567890123'],
      ['123456789', '12345678901', '12345678901234', '12345678901A'],
    ],
    ['kr.hanjin', ['1234567890', '123456789012'], ['123456789', '12345678901', '1234567890123', 'A23456789012']],
    ['kr.logen', ['12345678901'], ['1234567890', '123456789012', '1234567890A']],
    ['kr.epost', ['6123456789012'], ['612345678901', '61234567890123', '612345678901X']],
    ['kr.kdexp', ['123456789', '1234567890123456'], ['12345678', '12345678901234567', '12345678A']],
    ['kr.daesin', ['1234567890', '1234567890123'], ['123456789', '12345678901234', '123456789012X']],
    ['kr.ilyanglogis', ['123456789', '123456789012'], ['12345678', '1234567890123', '12345678901Z']],
  ];

  it.each(cases)('%s', (code, accepted, refused) => {
    const c = carrier(code);
    for (const w of accepted) expect(isWaybillValid(c, w), w).toBe(true);
    for (const w of refused) expect(isWaybillValid(c, w), w).toBe(false);
    expect(isWaybillValid(c, '')).toBe(false);
    expect(c.waybillHint).not.toBe('');
  });

  it('accepts the hyphens and spaces staff paste', () => {
    expect(normalizeWaybill(' 6012-3456-7890 ')).toBe('601234567890');
    expect(isWaybillValid(carrier('kr.cjlogistics'), '6012-3456-7890')).toBe(true);
    expect(isWaybillValid(carrier('kr.cjlogistics'), '6012 3456 7890')).toBe(true);
  });

  it("takes no waybill for '직접 배송' and '퀵'", () => {
    for (const code of ['direct', 'quick'] as const) {
      expect(isWaybillValid(carrier(code), '')).toBe(true);
      expect(isWaybillValid(carrier(code), '123456789012')).toBe(false);
      expect(trackingLink(carrier(code), '')).toBeNull();
    }
  });
});

describe('tracking links', () => {
  it("puts the waybill into the carrier's tracking page", () => {
    expect(trackingLink(carrier('kr.cjlogistics'), '6012-3456-7890')).toBe(
      'https://trace.cjlogistics.com/next/tracking.html?wblNo=601234567890',
    );
    expect(trackingLink(carrier('kr.logen'), '12345678901')).toBe(
      'https://www.ilogen.com/web/personal/trace/12345678901',
    );
    expect(trackingLink(carrier('kr.epost'), '6123456789012')).toBe(
      'https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=6123456789012',
    );
  });

  it('every tracked carrier has an https link with the waybill in it', () => {
    for (const c of CARRIERS.filter((x) => x.tracked)) {
      const link = trackingLink(c, '1234567890');
      expect(link, c.code).toMatch(/^https:\/\/[^{}]+1234567890/);
    }
  });
});

describe('carrierFromName: a typed carrier name to its code', () => {
  it.each([
    ['CJ대한통운', 'kr.cjlogistics'],
    ['대한통운', 'kr.cjlogistics'],
    ['cj 대한통운', 'kr.cjlogistics'],
    ['CJ대한통운(주)', 'kr.cjlogistics'],
    ['kr.cjlogistics', 'kr.cjlogistics'],
    ['롯데택배', 'kr.lotte'],
    ['현대택배', 'kr.lotte'],
    ['한진', 'kr.hanjin'],
    ['로젠', 'kr.logen'],
    ['우체국', 'kr.epost'],
    ['우체국 택배', 'kr.epost'],
    ['경동택배', 'kr.kdexp'],
    ['경동화물', 'kr.kdexp'],
    ['대신화물', 'kr.daesin'],
    ['대신택배', 'kr.daesin'],
    ['일양로지스', 'kr.ilyanglogis'],
    ['직접 배송', 'direct'],
    ['직접배송', 'direct'],
    ['퀵', 'quick'],
    ['퀵서비스', 'quick'],
  ])('%s → %s', (typed, code) => {
    expect(carrierFromName(typed)?.code).toBe(code);
  });

  it.each(['', '   ', '쿠팡', 'FedEx', '대한', '택배'])('knows nothing of %j', (typed) => {
    expect(carrierFromName(typed)).toBeUndefined();
  });
});
