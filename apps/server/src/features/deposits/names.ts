/**
 * Which company a depositor name is (docs/requirements.md#credit-deposits). A bank writes the sender's name
 * as the sender's bank has it: '(주)한빛모터스', '주식회사 한빛모터스', '㈜한빛 모터스' and 'HANBIT MOTORS'
 * are the same company. The name is compared without its legal form, spaces, punctuation and case,
 * against the depositor names staff taught a company (a queued deposit assigned to a company teaches
 * its name) and the name of each company with a 외상 account. One company: matched; none or several:
 * the review queue. A company without a 외상 account is never matched by its own name alone: anyone
 * can register a company of any name, and one named as a customer's bank writes that customer would
 * receive its deposits as cash. Such a name match waits for staff, the company named as a candidate.
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
  /** Names a deposit is matched by: the depositor names taught to it, its own if it has a 외상 account. */
  names: readonly string[];
  /** Its own name when it has no 외상 account: a match only names it to staff. */
  untrusted?: string | undefined;
}

export type NameMatch =
  | { kind: 'one'; companyId: number }
  | { kind: 'none' }
  | { kind: 'many'; companyIds: number[] }
  /** Only companies without a 외상 account have the name: staff decide. */
  | { kind: 'notOnCredit'; companyIds: number[] };

type Index = Map<string, Set<number>>;
export interface NameIndex {
  trusted: Index;
  untrusted: Index;
}

function add(index: Index, name: string, id: number) {
  const key = normalizeDepositorName(name);
  if (!key) return;
  let ids = index.get(key);
  if (!ids) index.set(key, (ids = new Set()));
  ids.add(id);
}

/** Index of the companies by their compared names, built once for a file of deposits. */
export function companyNameIndex(companies: readonly NamedCompany[]): NameIndex {
  const index: NameIndex = { trusted: new Map(), untrusted: new Map() };
  for (const c of companies) {
    for (const name of c.names) add(index.trusted, name, c.id);
    if (c.untrusted !== undefined) add(index.untrusted, c.untrusted, c.id);
  }
  return index;
}

const idsOf = (index: Index, key: string) => [...(index.get(key) ?? [])].sort((a, b) => a - b);

/** The company a depositor name names, by the index of companyNameIndex. */
export function matchDepositor(depositorName: string, index: NameIndex): NameMatch {
  const key = normalizeDepositorName(depositorName);
  if (!key) return { kind: 'none' };
  const ids = idsOf(index.trusted, key);
  if (ids.length === 1) return { kind: 'one', companyId: ids[0]! };
  if (ids.length > 1) return { kind: 'many', companyIds: ids };
  const others = idsOf(index.untrusted, key);
  return others.length > 0 ? { kind: 'notOnCredit', companyIds: others } : { kind: 'none' };
}
