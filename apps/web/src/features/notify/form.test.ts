import { describe, expect, it } from 'vitest';
import { NOTIFY_SETTING_EVENTS } from '@partsmall/contract';
import { formDefaults, notifyForm, toRequest } from './form';

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
});
