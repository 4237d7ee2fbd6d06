import { sql } from 'drizzle-orm';
import { jamoEditDistance, looseJamo, PART_MAKER_NAMES, typoBudget, wordJamo } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { escapeLike, givingWay, type WordPlan } from './word-plan.js';

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
