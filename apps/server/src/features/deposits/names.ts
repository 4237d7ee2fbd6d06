/**
 * Which company a depositor name is (docs/requirements.md#credit-deposits). A bank writes the sender's name
 * as the sender's bank has it: '(주)한빛모터스', '주식회사 한빛모터스', '㈜한빛 모터스' and 'HANBIT MOTORS'
 * are the same company. The name is compared without its legal form, spaces, punctuation and case,
 * against each company's name and the depositor names staff taught it (a queued deposit assigned to a
 * company teaches its name). One company: matched; none or several: the review queue.
 */

/** Legal forms a bank or a company puts before or after its name. */
const LEGAL_FORMS = [
  '주식회사',
  '유한회사',
  '유한책임회사',
  '합자회사',
  '합명회사',
  '사단법인',
  '재단법인',
  '(주)',
  '(유)',
  '(합)',
  '(사)',
  '(재)',
  '주)',
  '(주',
];

/** The depositor or company name as compared: '' when nothing is left of it. */
export function normalizeDepositorName(name: string): string {
  // NFKC turns ㈜ into (주) and full-width letters into plain ones.
  let s = name.normalize('NFKC').toLowerCase();
  for (const form of LEGAL_FORMS) s = s.split(form).join('');
  // Letters and digits of any script; spaces, brackets, dots and dashes go.
  return s.replace(/[^\p{L}\p{N}]/gu, '');
}

export interface NamedCompany {
  id: number;
  /** The company's name and the depositor names taught to it. */
  names: readonly string[];
}

export type NameMatch = { kind: 'one'; companyId: number } | { kind: 'none' } | { kind: 'many'; companyIds: number[] };

/** Index of the companies by their compared names, built once for a file of deposits. */
export function companyNameIndex(companies: readonly NamedCompany[]): Map<string, Set<number>> {
  const index = new Map<string, Set<number>>();
  for (const c of companies) {
    for (const name of c.names) {
      const key = normalizeDepositorName(name);
      if (!key) continue;
      let ids = index.get(key);
      if (!ids) index.set(key, (ids = new Set()));
      ids.add(c.id);
    }
  }
  return index;
}

/** The company a depositor name names, by the index of companyNameIndex. */
export function matchDepositor(depositorName: string, index: Map<string, Set<number>>): NameMatch {
  const key = normalizeDepositorName(depositorName);
  const ids = key ? index.get(key) : undefined;
  if (!ids || ids.size === 0) return { kind: 'none' };
  if (ids.size === 1) return { kind: 'one', companyId: [...ids][0]! };
  return { kind: 'many', companyIds: [...ids].sort((a, b) => a - b) };
}
