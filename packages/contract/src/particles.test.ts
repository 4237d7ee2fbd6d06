import { describe, expect, it } from 'vitest';
import { withParticle } from './particles.js';

describe('withParticle', () => {
  it('a word ending in Hangul takes the particle its last syllable asks for', () => {
    expect(withParticle('출고완료', '으로/로')).toBe('출고완료로');
    expect(withParticle('반품승인', '으로/로')).toBe('반품승인으로');
    // A final ㄹ takes 로, as a vowel does.
    expect(withParticle('판매자취소', '으로/로')).toBe('판매자취소로');
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('내 E클래스', '을/를')).toBe('내 E클래스를');
    expect(withParticle('아빠 차', '을/를')).toBe('아빠 차를');
    expect(withParticle('회사 밴', '을/를')).toBe('회사 밴을');
    expect(withParticle('에어필터', '은/는')).toBe('에어필터는');
    expect(withParticle('브레이크 패드', '이/가')).toBe('브레이크 패드가');
  });

  it('a word ending in a letter or digit keeps both forms: how it is read decides', () => {
    expect(withParticle('HU816X', '은/는')).toBe('HU816X은(는)');
    expect(withParticle('2017 BMW X5', '을/를')).toBe('2017 BMW X5을(를)');
    expect(withParticle('A2058350047', '으로/로')).toBe('A2058350047(으)로');
  });
});
