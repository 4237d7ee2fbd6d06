import {
  alphaNumber,
  hangulTypedInLatin,
  holdsLoneJamo,
  latinTypedInHangul,
  nameMatches,
  nameQuery,
  partNumbersInQuery,
  PRODUCT_CATEGORIES,
  productNameColumns,
  searchWords,
  SUGGEST_PRODUCTS,
  type ProductSuggestion,
  type SynonymIndex,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { synonymIndex } from './name-search.js';
import { searchByWords } from './word-search.js';
import { numberTypedInHangul, priceFor, productsByNumber, type ProductHitRow, type Viewer } from './service.js';

/** The category labels' search forms, computed once. */
const CATEGORY_FORMS = PRODUCT_CATEGORIES.map((c) => ({
  key: c.key,
  label: c.label,
  forms: productNameColumns(c.label),
}));

/** A typed text reads as a part number when it has a digit and at least this many letters and digits. */
const NUMBER_MIN = 3;

/**
 * What the search bar offers while the buyer types (docs/search.md#korean-name-search): up to SUGGEST_PRODUCTS products and
 * the categories whose name matches. A text with digits is tried as a part number first (chain and
 * interchangeable numbers included, never approximately); the name search (초성, half-typed syllable,
 * synonyms) fills the rest. Typos only as far as an index lookup finds them (the loose spelling, a
 * synonym's word misspelt): a suggestion per keystroke must stay cheap.
 */
export async function suggestProducts(
  db: Db,
  keyword: string,
  viewer: Viewer,
): Promise<{ products: ProductSuggestion[]; categories: { key: string; label: string }[] }> {
  const index = await synonymIndex(db);
  const rows: ProductHitRow[] = [];
  const key = alphaNumber(keyword);
  if (/\d/.test(keyword) && key.length >= NUMBER_MIN && !/\p{Script=Hangul}/u.test(keyword)) {
    // The number search only: the full search's name search, typos and all, would be thrown away.
    rows.push(...(await productsByNumber(db, keyword, SUGGEST_PRODUCTS)).slice(0, SUGGEST_PRODUCTS));
  }
  if (rows.length === 0) {
    // Several numbers, or one typed more than once ('42215489599, 42215489599'): each number's, in the order typed.
    const lists = await Promise.all(partNumbersInQuery(keyword).map((n) => productsByNumber(db, n, SUGGEST_PRODUCTS)));
    const shown = new Set<number>();
    for (const row of lists.flat())
      if (rows.length < SUGGEST_PRODUCTS && !shown.has(row.seq) && shown.add(row.seq)) rows.push(row);
  }
  if (rows.length < SUGGEST_PRODUCTS) {
    // Words in any order, and only the typos an index lookup finds (ㅐ/ㅔ, double consonants, 휠타 for 휠터): a keystroke stays cheap.
    const byWords = await searchByWords(db, keyword, index, { page: 1, size: SUGGEST_PRODUCTS, typos: 'loose' });
    const shown = new Set(rows.map((r) => r.seq));
    for (const hit of byWords.hits) {
      if (rows.length < SUGGEST_PRODUCTS && !shown.has(hit.row.seq))
        rows.push({
          ...hit.row,
          matchKind: hit.similar ? 'similar' : 'name',
          ...(hit.reason ? { matchReason: hit.reason } : {}),
        });
    }
  }
  if (rows.length === 0) {
    // Nothing by number or name: a number's letters typed with the input left in Korean ('ㅁ2371291199').
    const byKeys = await numberTypedInHangul(db, keyword, { page: 1, size: SUGGEST_PRODUCTS });
    if (byKeys) rows.push(...byKeys.rows.slice(0, SUGGEST_PRODUCTS));
  }
  let categories = categoriesNamed(keyword, index);
  if (categories.length === 0) {
    // Keys typed in the other input (docs/search.md#korean-typed-in-english, #latin-typed-in-korean):
    // 'tyqk' offers 쇼바, and so does 'ㄴㅗㅐ차' (shock); a Korean word's keys are not read here.
    const read = searchWords(keyword).map(
      (w) => hangulTypedInLatin(w) ?? (holdsLoneJamo(w) ? latinTypedInHangul(w) : null),
    );
    if (read.length > 0 && read.every((h) => h !== null)) categories = categoriesNamed(read.join(' '), index);
  }
  const products = rows.map((r) => {
    const p = priceFor(r, viewer);
    return {
      seq: p.seq,
      name: p.name,
      pid: p.pid,
      image: p.image,
      stock: p.stock,
      stockName: p.stockName,
      price: p.price,
      matchKind: p.matchKind,
      matchReason: p.matchReason,
    };
  });
  return { products, categories };
}

/** The categories whose label matches a typed text as a name search would. */
function categoriesNamed(typed: string, index: SynonymIndex): { key: string; label: string }[] {
  const query = nameQuery(typed, index);
  if (!query) return [];
  return CATEGORY_FORMS.filter((c) => nameMatches(c.forms, query)).map(({ key, label }) => ({ key, label }));
}
