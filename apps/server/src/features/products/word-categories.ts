import { PRODUCT_CATEGORIES } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { anyMatch } from './word-candidates.js';
import type { WordPlan } from './word-plan.js';

/**
 * A category label the shop itself shows (필터, 기어, 라이트, …) typed as a word
 * (docs/search.md#typos): a word no name has is read as that category's products, before any typo
 * reading. 기어 is one jamo from 리어, and read as a typo it listed rear brake parts.
 */

const BY_LABEL = new Map<string, string>(PRODUCT_CATEGORIES.map((c) => [c.label, c.key]));

/** Whether `word` is the label of one of the shop's categories. */
export const isCategoryLabel = (word: string): boolean => BY_LABEL.has(word);

/**
 * Reads `w`, a word no name has, as the category it labels: true, and `w` that category's, when
 * some product is in it. A label whose category holds no product is read no other way (the caller
 * stops): a label is the shop's own word, never a misspelling of another.
 */
export async function readAsCategory(db: Db, w: WordPlan): Promise<boolean> {
  const category = BY_LABEL.get(w.word);
  if (category === undefined) return false;
  const read: WordPlan = { ...w, level: 'category', category };
  if (!(await anyMatch(db, read))) return false;
  Object.assign(w, read);
  return true;
}
