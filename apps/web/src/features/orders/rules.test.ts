import { describe, expect, it } from 'vitest';
import { keyPress } from '../../../test/keys';
import { mobileStatusLabel } from './MobileOrdersPage';
import { isDevShortcut } from './OrderDetailPopup';

describe('mobile order status words', () => {
  it.each([
    [0, '준비중'],
    [1, '준비중'],
    [2, '출고완료'],
    [3, '출고취소'],
    [4, '반품요청'],
  ])('says preparing up to 1 and shipped above, but names cancelled and return states: %i', (status, word) => {
    expect(mobileStatusLabel(status)).toBe(word);
  });
});

describe('developer shortcuts close the order popup', () => {
  const key = keyPress;
  it('knows F12, Ctrl+Shift+I/J/C, Cmd+Option+I and Ctrl+U', () => {
    expect(isDevShortcut(key('F12'))).toBe(true);
    expect(isDevShortcut(key('I', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevShortcut(key('j', { metaKey: true, altKey: true }))).toBe(true);
    expect(isDevShortcut(key('u', { ctrlKey: true }))).toBe(true);
  });
  it('lets ordinary keys and copy through', () => {
    expect(isDevShortcut(key('i'))).toBe(false);
    expect(isDevShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isDevShortcut(key('Enter'))).toBe(false);
  });
});
