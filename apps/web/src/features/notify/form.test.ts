import { describe, expect, it } from 'vitest';
import { NOTIFY_SETTING_EVENTS } from '@partsmall/contract';
import { formDefaults, isNewPhone, notifyForm, toRequest } from './form';

const settings = {
  scope: 'own' as const,
  events: ['shipped' as const, 'chatReply' as const],
  phone: null,
  accountPhone: '01012345678',
  choices: ['orderPaid' as const, 'shipped' as const, 'chatReply' as const],
  companyEvents: [...NOTIFY_SETTING_EVENTS],
};

describe("'알림 설정' form", () => {
  it('checks the saved events and leaves the phone empty when the account’s own is used', () => {
    const d = formDefaults(settings);
    expect([d.on.shipped, d.on.chatReply, d.on.orderPaid, d.phone]).toEqual([true, true, false, '']);
  });

  it('sends only the checked events the account may choose, in the page order', () => {
    const d = formDefaults(settings);
    d.on.cashCredited = true;
    d.on.orderPaid = true;
    expect(toRequest(d, settings.choices)).toEqual({ events: ['orderPaid', 'shipped', 'chatReply'], phone: '' });
  });

  it('takes an empty phone or a mobile number, and refuses anything else in Korean', () => {
    const d = formDefaults(settings);
    expect(notifyForm.safeParse({ ...d, phone: '01098765432' }).success).toBe(true);
    const bad = notifyForm.safeParse({ ...d, phone: '0212345678' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/[가-힣]/);
  });

  it('a phone other than the saved one and the account’s own is new, and goes with its code', () => {
    const saved = { ...settings, phone: '01022223333' };
    expect(['', '01022223333', '01012345678', '01098765432'].map((p) => isNewPhone(p, saved))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    const d = { ...formDefaults(saved), phone: '01098765432', authCode: '123456' };
    expect(toRequest(d, settings.choices)).toEqual({
      events: ['shipped', 'chatReply'],
      phone: '01098765432',
      authCode: '123456',
    });
    expect(notifyForm.safeParse({ ...d, authCode: '12a' }).success).toBe(false);
  });
});
