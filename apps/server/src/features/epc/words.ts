import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PreparedStatement } from '../../db/prepared.js';
import { epcWords } from './schema.js';

/**
 * The catalogue's languages: labels are stored in the catalogue's own terms and answered in the
 * caller's language through the word list (docs/requirements.md#catalogue-data).
 */

/** Catalogue languages: KR (default), CN, EN and VN, the four of the word list. */
export type EpcLang = 'KR' | 'CN' | 'EN' | 'VN';
const WORD_COLUMN = { KR: epcWords.ko, CN: epcWords.zh, EN: epcWords.en, VN: epcWords.vi } as const;

export function epcLang(value: unknown): EpcLang {
  return value === 'CN' || value === 'EN' || value === 'VN' ? value : 'KR';
}

/** Terms of a catalogue in one language; terms without a word stay as they are. */
export async function translator(
  db: Db,
  catalogueId: number,
  terms: Iterable<string>,
  lang: EpcLang,
): Promise<(term: string) => string> {
  const wanted = [...new Set([...terms].filter((t) => t !== ''))];
  if (wanted.length === 0) return (t) => t;
  const column = WORD_COLUMN[lang];
  const rows = await db
    .select({ term: epcWords.term, word: column })
    .from(epcWords)
    .where(and(eq(epcWords.catalogueId, catalogueId), inArray(epcWords.term, wanted)));
  const words = new Map(rows.filter((r) => r.word !== '').map((r) => [r.term, r.word]));
  return (t) => words.get(t) ?? t;
}

/** The word-list column of each language, for the prepared statements of the hot calls. */
const WORD_SQL_COLUMN = { KR: 'ko', CN: 'zh', EN: 'en', VN: 'vi' } as const;

/**
 * SQL for `term` in the caller's language within catalogue `catalogue`: the word when the list has
 * a non-empty one, else the term itself (what `translator` does, inside the statement).
 */
export function wordSql(lang: EpcLang, catalogue: string, term: string): string {
  return `coalesce((select nullif(w.${WORD_SQL_COLUMN[lang]}, '') from epc_words w where w.catalogue_id = ${catalogue} and w.term = ${term} and ${term} <> ''), ${term})`;
}

/** One prepared statement per language (four texts) for each hot call. */
export function perLanguage(name: string, text: (lang: EpcLang) => string): (lang: EpcLang) => PreparedStatement {
  const made = new Map<EpcLang, PreparedStatement>();
  return (lang) => {
    let statement = made.get(lang);
    if (!statement) {
      statement = { name: `${name}_${lang.toLowerCase()}`, text: text(lang) };
      made.set(lang, statement);
    }
    return statement;
  };
}
