import { describe, expect, it } from 'vitest';
import { outsideEucKr, smsText } from './sms-text.js';

/**
 * A text as an SMS/LMS can carry it (docs/operations.md#notifications-console-and-solapi): what EUC-KR
 * cannot carry is put in its plain form or left out, never the whole message lost.
 */
describe('smsText', () => {
  it("a staff note with an emoji and an en dash: the dash goes as '-', the emoji is left out with its space", () => {
    expect(smsText('사진 확인 중입니다 🙏 – 내일 연락드릴게요')).toBe('사진 확인 중입니다 - 내일 연락드릴게요');
  });

  it('dashes, spaces and marks without a place in EUC-KR take their plain forms', () => {
    expect(smsText('A—B ‒ C‐D‑E − F')).toBe('A-B - C-D-E - F');
    expect(smsText('부품\u00a0번호\u2009확인')).toBe('부품 번호 확인');
    expect(smsText('‚하나‛ „둘‟ ‹셋› «넷»')).toBe(`'하나' "둘" <셋> <<넷>>`);
    expect(smsText('• 첫째 〜 둘째')).toBe('· 첫째 ~ 둘째');
    expect(smsText('₩10,000')).toBe('￦10,000');
    expect(smsText('café Müller')).toBe('cafe Muller');
    expect(smsText('보이지\u200b않는\ufeff글자')).toBe('보이지않는글자');
  });

  it('what EUC-KR (KS X 1001) carries stays as it is: curly quotes, the ellipsis, full-width forms, every Hangul syllable', () => {
    const kept = '“배송” ‘확인’ … ＡＢＣ１２３ ※ ① ★ → ™ · 똠양꿍 햏\n\t[파츠몰] ~!@#';
    expect(smsText(kept)).toBe(kept);
  });

  it('an emoji sequence (variation selector, skin tone, ZWJ family, flag) is left out whole', () => {
    expect(smsText('❤️ 감사합니다')).toBe('감사합니다');
    expect(smsText('좋아요 👍🏻')).toBe('좋아요');
    expect(smsText('가족 👨‍👩‍👧 여행\n🇰🇷 한국')).toBe('가족 여행\n한국');
    expect(smsText('☎️ 02-123-4567')).toBe('02-123-4567');
    expect(smsText('😀😀😀')).toBe('');
  });

  it('whatever goes in, what comes out has nothing outside EUC-KR', () => {
    const mixed = '🙏–—\u00a0…“”😀👍🏻❤️é\ud83d₩𝐀𝟙ǅ\u0301ㄱ가힣ힰ🇰🇷';
    expect(outsideEucKr(smsText(mixed))).toEqual([]);
    expect(outsideEucKr('사진 🙏 –')).toEqual(['🙏', '–']);
  });
});
