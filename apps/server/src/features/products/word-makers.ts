import { sql } from 'drizzle-orm';
import {
  jamoEditDistance,
  looseJamo,
  PART_MAKER_NAMES,
  typoBudget,
  wordJamo,
  type SynonymIndex,
} from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { anyMatch } from './word-candidates.js';
import { escapeLike, givingWay, planWord, readable, type WordPlan } from './word-plan.js';

/**
 * A word that names an aftermarket maker (docs/search.md#makers): names say the car and the part,
 * the factory number says who made it ('BOSCH 0 265 008 089'), so `bosch`, `보쉬` or `brembo 패드`
 * found nothing though the shop stocks their parts. Such a word, when no name has it, is read as
 * the maker of the factory numbers.
 */

/** Every spelling of the listed makers (the Latin name in lower case, the Korean ones), with its loose jamo. */
const SPELLINGS = PART_MAKER_NAMES.flatMap(([maker, ...korean]) =>
  [maker.toLowerCase(), ...korean].map((spelling) => ({ maker, spelling, loose: looseJamo(wordJamo(spelling)) })),
);

/**
 * The maker a word names as typed: a listed maker's Latin or Korean name ('보쉬' → BOSCH), else a
 * word of three letters or more in capitals, which is a maker when a factory number starts with it.
 */
function makerNamed(word: string): string | null {
  const listed = SPELLINGS.find((s) => s.spelling === word);
  if (listed) return listed.maker;
  return /^[a-z]{3,}$/u.test(word) ? word.toUpperCase() : null;
}

/** The listed maker's spelling nearest a word within its typo budget ('gosch' → bosch, '브렘버' → 브렘보). */
function makerMisspelt(w: WordPlan): { maker: string; spelling: string } | null {
  const loose = looseJamo(w.jamo);
  const budget = typoBudget([...w.jamo].length);
  let nearest: { maker: string; spelling: string; edits: number } | null = null;
  for (const s of SPELLINGS) {
    const edits = jamoEditDistance(loose, s.loose);
    if (edits <= budget && (!nearest || edits < nearest.edits)) nearest = { ...s, edits };
  }
  return nearest;
}

/**
 * Whether some factory number starts with the maker's name: one probe of factory_key's prefix index,
 * planned for this maker (a generic plan of `like $1` could not use the index).
 */
async function anyOfMaker(db: Db, maker: string): Promise<boolean> {
  await givingWay(db);
  const [row] = await queryRows<{ hit: boolean }>(
    db,
    sql`select exists(select 1 from products where factory_key like ${`${escapeLike(maker)}%`}
      and upper(factory_num) like ${`${escapeLike(maker)} %`}) as hit`,
  );
  return row?.hit ?? false;
}

/**
 * Reads `w`, a word no name has, as the maker it names (docs/search.md#makers): as typed, or
 * (`misspelt`) a listed maker's name within its typo budget, which the reason then says
 * ('비슷한 이름 (gosch → bosch) · 제조사 BOSCH'). False when no factory number has that maker.
 */
export async function readAsMaker(db: Db, w: WordPlan, misspelt: boolean): Promise<boolean> {
  if (w.chosung) return false;
  if (!misspelt) {
    const maker = makerNamed(w.word);
    if (maker === null || !(await anyOfMaker(db, maker))) return false;
    Object.assign(w, { level: 'maker', maker });
    return true;
  }
  const near = makerMisspelt(w);
  if (near === null || !(await anyOfMaker(db, near.maker))) return false;
  Object.assign(w, { level: 'maker', maker: near.maker, word: near.spelling, readFrom: { typed: w.word, by: 'typo' } });
  return true;
}

/**
 * The listed makers whose name starts `word`, longest name first, each with the rest of the word
 * (docs/search.md#makers): a Korean name before at least two syllables ('브렘보패드'; not 아테 of
 * '아테온'), or a Latin name before at least three letters of a word of letters only ('brembopads';
 * Latin typed against Hangul is two words already, and a word with a digit is a part number).
 */
export function makersAtStart(word: string): { maker: string; spelling: string; rest: string }[] {
  return SPELLINGS.filter((s) => word.startsWith(s.spelling))
    .map((s) => ({ maker: s.maker, spelling: s.spelling, rest: word.slice(s.spelling.length) }))
    .filter(({ spelling, rest }) =>
      /^[a-z]+$/u.test(spelling)
        ? /^[a-z]+$/u.test(word) && rest.length >= 3
        : (rest.match(/[\uac00-\ud7a3]/gu)?.length ?? 0) >= 2,
    )
    .sort((a, b) => b.spelling.length - a.spelling.length);
}

/**
 * Reads `w`, a word that no name has and no other reading found (docs/search.md#makers), as a
 * maker's name typed against the part: the maker (makersAtStart) and the rest, the rest as typed or,
 * when no product has it so, as `readRest` reads a word (a compound, a typo, a synonym's word
 * misspelt). Taken when some product of the maker has the rest ('브렘보패드': BREMBO's pads, not
 * its discs); `w` becomes a compound of the two (level 'split'), ranked and explained as one.
 */
export async function readAsMakerAndRest(
  db: Db,
  w: WordPlan,
  index: SynonymIndex,
  readRest: (rest: WordPlan) => Promise<void>,
): Promise<boolean> {
  if (w.chosung) return false;
  for (const { maker, spelling, rest } of makersAtStart(w.word)) {
    const named = planWord(spelling, index);
    const part = planWord(rest, index);
    if (!named || !part) continue;
    const trial: WordPlan = { ...w, level: 'split', parts: [{ ...named, level: 'maker', maker }, part] };
    // Together they are rare: their index entries answer (no walk), as for any compound.
    if (await anyMatch(db, trial, false)) {
      Object.assign(w, trial);
      return true;
    }
    // A rest some product has as typed is not second-guessed: the maker has no such part.
    if (!readable(part) || (await anyMatch(db, part))) continue;
    await readRest(part);
    if (part.level === 'exact' && part.readFrom === undefined) continue;
    if (await anyMatch(db, trial, false)) {
      Object.assign(w, trial);
      return true;
    }
  }
  return false;
}
