/** Korean particles after a word that varies (a status, a vehicle's name), so no text shows '을(를)' it can avoid. */
import { josa } from 'es-hangul';

export type Particle = '을/를' | '이/가' | '은/는' | '으로/로' | '와/과';

/**
 * The word with the particle its last syllable takes ('출고완료로', '반품승인으로', '내 E클래스를'). A
 * word ending in a letter or digit keeps both forms ('HU816X은(는)'): how it is read aloud ('3' is
 * 삼, 'X' is 엑스) decides, and no rule of the written word knows it.
 */
export function withParticle(word: string, particle: Particle): string {
  if (/[가-힣]$/.test(word)) return josa(word, particle);
  const [withFinal, withoutFinal] = particle.split('/') as [string, string];
  return particle === '으로/로' ? `${word}(으)로` : `${word}${withFinal}(${withoutFinal})`;
}
