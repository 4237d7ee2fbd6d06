import { describe, expect, it } from 'vitest';
import { NOTIFY_SETTING_EVENTS, eucKrBytes, fallbackChannel } from '@partsmall/contract';
import { effectiveSetting, recipientsFor, type NotifyAccount, type NotifySetting } from './recipients.js';
import { chatReplyPreview, shippedValues, itemsSummary } from './events.js';
import { notifyConfig, templateVariable } from './config.js';

const MAIN: NotifyAccount = { id: 11, main: true, phone: '01011110000' };
const SUB_A: NotifyAccount = { id: 12, main: false, phone: '01022220000' };
const SUB_B: NotifyAccount = { id: 13, main: false, phone: '01033330000' };
const ACCOUNTS = [MAIN, SUB_A, SUB_B];

describe('who gets a notification (docs/requirements.md#notifications)', () => {
  it('with nothing saved, every account gets every event at its own phone', () => {
    expect(recipientsFor('shipped', ACCOUNTS, new Map())).toEqual([
      { memberId: 11, phone: '01011110000' },
      { memberId: 12, phone: '01022220000' },
      { memberId: 13, phone: '01033330000' },
    ]);
  });

  it('money and licence events reach the main account only, even when a sub-account saved them', () => {
    const settings = new Map<number, NotifySetting>([[12, { events: ['cashCredited', 'shipped'], phone: null }]]);
    expect(recipientsFor('cashCredited', ACCOUNTS, settings)).toEqual([{ memberId: 11, phone: '01011110000' }]);
    expect(recipientsFor('licenceEnding', ACCOUNTS, new Map())).toEqual([{ memberId: 11, phone: '01011110000' }]);
  });

  it("the main account's settings are the company default: a sub-account without its own follows them", () => {
    const settings = new Map<number, NotifySetting>([[11, { events: ['orderPaid'], phone: '01099990000' }]]);
    expect(recipientsFor('orderPaid', ACCOUNTS, settings)).toEqual([
      { memberId: 11, phone: '01099990000' },
      { memberId: 12, phone: '01022220000' },
      { memberId: 13, phone: '01033330000' },
    ]);
    expect(recipientsFor('shipped', ACCOUNTS, settings)).toEqual([]);
  });

  it("a sub-account's own settings override the default, for it alone", () => {
    const settings = new Map<number, NotifySetting>([
      [11, { events: ['orderPaid'], phone: null }],
      [12, { events: ['shipped'], phone: '01077770000' }],
    ]);
    expect(recipientsFor('shipped', ACCOUNTS, settings)).toEqual([{ memberId: 12, phone: '01077770000' }]);
    expect(recipientsFor('orderPaid', ACCOUNTS, settings)).toEqual([
      { memberId: 11, phone: '01011110000' },
      { memberId: 13, phone: '01033330000' },
    ]);
  });

  it('an event for one member (a chat answer) reaches only that member, if its settings list it', () => {
    expect(recipientsFor('chatReply', ACCOUNTS, new Map(), 13)).toEqual([{ memberId: 13, phone: '01033330000' }]);
    const off = new Map<number, NotifySetting>([[13, { events: ['orderPaid'], phone: null }]]);
    expect(recipientsFor('chatReply', ACCOUNTS, off, 13)).toEqual([]);
  });

  it('two accounts naming the same phone get one message (the first listed)', () => {
    const settings = new Map<number, NotifySetting>([[12, { events: ['shipped'], phone: '01011110000' }]]);
    expect(recipientsFor('shipped', ACCOUNTS, settings)).toEqual([
      { memberId: 11, phone: '01011110000' },
      { memberId: 13, phone: '01033330000' },
    ]);
  });

  it('a sub-account never inherits the main account’s other phone, and unknown saved events are dropped', () => {
    const company: NotifySetting = { events: ['shipped', 'nonsense'], phone: '01099990000' };
    expect(effectiveSetting(SUB_A, undefined, { ...company, events: [...company.events, 'cashCredited'] })).toEqual({
      scope: 'default',
      events: ['shipped'],
      phone: '01022220000',
    });
    expect(effectiveSetting(MAIN, company, undefined)).toEqual({
      scope: 'company',
      events: ['shipped'],
      phone: '01099990000',
    });
    expect(effectiveSetting(MAIN, undefined, undefined)).toEqual({
      scope: 'company',
      events: [...NOTIFY_SETTING_EVENTS],
      phone: '01011110000',
    });
  });

  it("with two main accounts, the first one's settings are the company default; the other's are its own", () => {
    const second: NotifyAccount = { id: 15, main: true, phone: '01055550000' };
    const settings = new Map<number, NotifySetting>([
      [11, { events: ['orderPaid'], phone: null }],
      [15, { events: ['shipped', 'cashCredited'], phone: null }],
    ]);
    // Listed in any order, the main account of the lowest id sets the default.
    for (const accounts of [
      [second, MAIN, SUB_A],
      [MAIN, second, SUB_A],
    ]) {
      expect(recipientsFor('orderPaid', accounts, settings)).toEqual([
        { memberId: 11, phone: '01011110000' },
        { memberId: 12, phone: '01022220000' },
      ]);
      expect(recipientsFor('shipped', accounts, settings)).toEqual([{ memberId: 15, phone: '01055550000' }]);
      expect(recipientsFor('cashCredited', accounts, settings)).toEqual([{ memberId: 15, phone: '01055550000' }]);
    }
    expect(effectiveSetting(second, settings.get(15), settings.get(11), false)).toEqual({
      scope: 'own',
      events: ['shipped', 'cashCredited'],
      phone: '01055550000',
    });
    // Without its own, the other main account follows the default, money events included, at its own phone.
    expect(effectiveSetting(second, undefined, { events: ['cashCredited'], phone: '01099990000' }, false)).toEqual({
      scope: 'default',
      events: ['cashCredited'],
      phone: '01055550000',
    });
  });
});

describe('SMS or LMS when 알림톡 is refused', () => {
  it('counts Hangul as 2 bytes and ASCII as 1 (EUC-KR)', () => {
    expect(eucKrBytes('파츠몰 A1')).toBe(9);
  });

  it('90 bytes is an SMS, 91 an LMS', () => {
    expect(fallbackChannel('가'.repeat(45))).toBe('sms');
    expect(fallbackChannel('가'.repeat(45) + 'a')).toBe('lms');
    expect(fallbackChannel('a'.repeat(90))).toBe('sms');
  });
});

describe('message values', () => {
  it('shipped: a carrier code or a typed name gives the carrier name and tracking link', () => {
    expect(shippedValues('kr.cjlogistics', '6012-3456-7890')).toEqual({
      carrier: 'CJ대한통운',
      waybill: '601234567890',
      trackingLink: expect.stringContaining('601234567890') as unknown as string,
    });
    expect(shippedValues('동네 화물', '')).toEqual({
      carrier: '동네 화물',
      waybill: '-',
      trackingLink: '쇼핑몰 주문 내역에서 확인하세요.',
    });
  });

  it("shipped: the waybill as the order shows it, a listed carrier's digits and any other carrier's as typed", () => {
    // A listed carrier, by code or by a name typed as before: hyphens and spaces dropped, as the order keeps it.
    expect(shippedValues('kr.hanjin', '4200-9999 0001').waybill).toBe('420099990001');
    expect(shippedValues('한진', '4200-9999 0001').waybill).toBe('420099990001');
    // A carrier of no list: the waybill is kept as typed (trimmed, as the form sends it), hyphens and spaces too.
    expect(shippedValues('DHL', 'JD-0146 0001 234')).toEqual({
      carrier: 'DHL',
      waybill: 'JD-0146 0001 234',
      trackingLink: '쇼핑몰 주문 내역에서 확인하세요.',
    });
    expect(shippedValues(' 동네 화물 ', ' DH-0042 ').waybill).toBe('DH-0042');
    expect(shippedValues('quick', '').waybill).toBe('-');
  });

  it('items: the first line and how many more', () => {
    expect(itemsSummary(['브레이크 패드'])).toBe('브레이크 패드');
    expect(itemsSummary(['브레이크 패드', '오일 필터', '와이퍼'])).toBe('브레이크 패드 외 2건');
    // A name of 40 characters is kept whole; from 41 it is cut at 40 with an ellipsis.
    const forty = '가'.repeat(39) + '나';
    expect(itemsSummary([forty])).toBe(forty);
    expect(itemsSummary([`${forty}다`, '와이퍼'])).toBe(`${forty}… 외 1건`);
    expect(itemsSummary(['  ', '와이퍼'])).toBe('상품 외 1건');
    // An emoji (two UTF-16 units) across the cut is left out whole, never halved.
    expect(itemsSummary([`${'A'.repeat(39)}😀 필터`])).toBe(`${'A'.repeat(39)}…`);
    expect(itemsSummary([`${'A'.repeat(38)}😀 필터`])).toBe(`${'A'.repeat(38)}😀…`);
  });

  it("a chat answer's preview: one line, 60 characters kept whole, 61 cut with an ellipsis, a bare photo '(사진)'", () => {
    const sixty = '네'.repeat(59) + '요';
    expect(chatReplyPreview(`  오늘\n출고됩니다\t 곧 연락드릴게요 `)).toBe('오늘 출고됩니다 곧 연락드릴게요');
    expect(chatReplyPreview(sixty)).toBe(sixty);
    expect(chatReplyPreview(`${sixty}!`)).toBe(`${sixty}…`);
    expect(chatReplyPreview(' \n ')).toBe('(사진)');
    expect(chatReplyPreview(`${'ㄱ'.repeat(59)}😀 뒤`)).toBe(`${'ㄱ'.repeat(59)}…`);
  });
});

describe('NOTIFY_PROVIDER', () => {
  it('production does not run the console provider unless ALLOW_CONSOLE_NOTIFY=true', () => {
    expect(notifyConfig({}, true, []).provider).toBe('off');
    expect(notifyConfig({ ALLOW_CONSOLE_NOTIFY: 'true' }, true, []).provider).toBe('console');
    expect(notifyConfig({}, false, []).provider).toBe('console');
  });

  it('solapi needs its keys and channel; template ids come one variable per event', () => {
    const refusals: string[] = [];
    notifyConfig({ NOTIFY_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k' }, false, refusals);
    expect(refusals).toEqual([
      'NOTIFY_PROVIDER=solapi 에는 SOLAPI_API_SECRET, SOLAPI_SENDER, NOTIFY_SOLAPI_PFID 이(가) 필요합니다',
    ]);
    expect(templateVariable('bankTransferWaiting')).toBe('NOTIFY_TEMPLATE_BANK_TRANSFER_WAITING');
    const ok = notifyConfig(
      {
        NOTIFY_PROVIDER: 'solapi',
        SOLAPI_API_KEY: 'k',
        SOLAPI_API_SECRET: 's',
        SOLAPI_SENDER: '02-123-4567',
        NOTIFY_SOLAPI_PFID: 'KA01PF',
        NOTIFY_TEMPLATE_ORDER_PAID: 'TPL_PAID',
      },
      true,
      [],
    );
    expect(ok.solapi?.templates).toEqual({ orderPaid: 'TPL_PAID' });
    expect(ok.solapi?.sender).toBe('021234567');
  });
});
