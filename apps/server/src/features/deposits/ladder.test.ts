import { describe, expect, it } from 'vitest';
import { allocateDeposit, type OpenItem, type Rung } from './ladder.js';
import { companyNameIndex, matchDepositor, normalizeDepositorName } from './names.js';

// Three statements of one company: March (oldest), April, May.
const march: OpenItem = { id: 11, open: 120_000, dueDate: '2026-04-30' };
const april: OpenItem = { id: 12, open: 80_000, dueDate: '2026-05-31' };
const may: OpenItem = { id: 13, open: 50_000, dueDate: '2026-06-30' };
const items = [may, march, april];

/** The ladder's answer written out: `paid` lists statement, won, statement, won, … in the order paid. */
const answer = (rung: Rung, paid: number[], toCash = 0) => ({
  rung,
  allocations: Array.from({ length: paid.length / 2 }, (_, i) => ({ itemId: paid[2 * i], amount: paid[2 * i + 1] })),
  toCash,
});

describe('the matching ladder', () => {
  it('rung 1: the statement whose virtual account received it is paid first, the rest oldest first', () => {
    expect(allocateDeposit(50_000, items, 13)).toEqual(answer('ownAccount', [13, 50_000]));
    expect(allocateDeposit(100_000, items, 13)).toEqual(answer('ownAccount', [13, 50_000, 11, 50_000]));
  });

  it('rung 1 beyond its own statement: never that one twice, the others oldest first, the rest to cash', () => {
    // March's own account receives more than March owes: March is paid what it owes, April next.
    expect(allocateDeposit(150_000, items, 11)).toEqual(answer('ownAccount', [11, 120_000, 12, 30_000]));
    // More than everything open: each statement once, 50,000 to cash.
    expect(allocateDeposit(300_000, items, 12)).toEqual(
      answer('ownAccount', [12, 80_000, 11, 120_000, 13, 50_000], 50_000),
    );
  });

  it('rung 1 with its statement already paid falls to the other rungs', () => {
    expect(allocateDeposit(80_000, items, 99)).toEqual(answer('exactOne', [12, 80_000]));
  });

  it('rung 2: an amount equal to one open statement pays that one, not the oldest', () => {
    expect(allocateDeposit(80_000, items)).toEqual(answer('exactOne', [12, 80_000]));
  });

  it('rung 2 with two statements of the same amount takes the older', () => {
    const twins = [
      { id: 21, open: 30_000, dueDate: '2026-06-10' },
      { id: 20, open: 30_000, dueDate: '2026-05-10' },
    ];
    expect(allocateDeposit(30_000, twins).allocations).toEqual([{ itemId: 20, amount: 30_000 }]);
  });

  it('statements due the same day: the one closed first (the lower id) is the older', () => {
    const sameDay = [
      { id: 31, open: 40_000, dueDate: '2026-06-10' },
      { id: 30, open: 60_000, dueDate: '2026-06-10' },
    ];
    expect(allocateDeposit(50_000, sameDay)).toEqual(answer('oldestFirst', [30, 50_000]));
  });

  it('a statement with nothing open takes nothing: no allocation of 0 won', () => {
    const settled = { id: 14, open: 0, dueDate: '2026-03-31' };
    expect(allocateDeposit(30_000, [settled, may])).toEqual(answer('oldestFirst', [13, 30_000]));
    expect(allocateDeposit(30_000, [settled])).toEqual({ rung: 'none', allocations: [], toCash: 30_000 });
  });

  it('rung 3: a set of statements summing to the amount (April and May: 130,000)', () => {
    expect(allocateDeposit(130_000, items)).toEqual(answer('exactSet', [12, 80_000, 13, 50_000]));
  });

  it('rung 3 finds a set of five among many and never one of six', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: 100 + i,
      open: 10_000 * (i + 1) + 7,
      dueDate: `2026-01-${String(10 + i).padStart(2, '0')}`,
    }));
    // Five items: 10,007 + 20,007 + 30,007 + 40,007 + 120,007 = 220,035 (only a five-set ends in 35).
    const five = allocateDeposit(220_035, many);
    expect(five.rung).toBe('exactSet');
    expect(five.allocations.map((a) => a.itemId)).toEqual([100, 101, 102, 103, 111]);
    // Six smallest: 210,042; only six items end in 42, so no set of up to five matches: oldest first.
    const six = allocateDeposit(210_042, many);
    expect(six.rung).toBe('oldestFirst');
  });

  it('rung 3 looks among the 30 oldest only: a set with the 30th is found, one with the 31st is not', () => {
    // 31 statements of 1,000 won each but two: the 30th oldest holds 500,017 and the 31st 700,019.
    const pool = Array.from({ length: 31 }, (_, i) => ({
      id: 200 + i,
      open: i === 29 ? 500_017 : i === 30 ? 700_019 : 1_000,
      dueDate: '2026-01-01',
    }));
    const withThirtieth = allocateDeposit(501_017, pool);
    expect(withThirtieth.rung).toBe('exactSet');
    expect(withThirtieth.allocations.map((a) => a.itemId)).toEqual([200, 229]);
    // 1,000 + 700,019 is a set only with the 31st: past the pool, so the oldest are paid first.
    expect(allocateDeposit(701_019, pool).rung).toBe('oldestFirst');
  });

  it('rung 4: otherwise the oldest due first, the last one partly', () => {
    expect(allocateDeposit(150_000, items)).toEqual(answer('oldestFirst', [11, 120_000, 12, 30_000]));
  });

  it('rung 5: more than everything open goes to cash', () => {
    expect(allocateDeposit(300_000, items)).toEqual(
      answer('oldestFirst', [11, 120_000, 12, 80_000, 13, 50_000], 50_000),
    );
    expect(allocateDeposit(10_000, [])).toEqual({ rung: 'none', allocations: [], toCash: 10_000 });
  });

  it('an exact match of everything open is a set (rung 3), nothing to cash', () => {
    expect(allocateDeposit(250_000, items)).toEqual(answer('exactSet', [11, 120_000, 12, 80_000, 13, 50_000]));
  });

  it('the allocations always add up to the deposit', () => {
    for (const amount of [1, 49_999, 50_000, 99_999, 130_000, 250_001, 1_000_000]) {
      const r = allocateDeposit(amount, items);
      expect(r.allocations.reduce((s, a) => s + a.amount, 0) + r.toCash).toBe(amount);
      for (const a of r.allocations) expect(a.amount).toBeGreaterThan(0);
    }
  });

  it('refuses an amount that is not a positive whole number of won', () => {
    expect(() => allocateDeposit(0, items)).toThrow();
    expect(() => allocateDeposit(1.5, items)).toThrow();
    expect(() => allocateDeposit(-100, items)).toThrow();
  });
});

describe('depositor names', () => {
  it.each([
    ['(주)한빛모터스', '한빛모터스'],
    ['주식회사 한빛 모터스', '한빛모터스'],
    ['㈜한빛모터스', '한빛모터스'],
    ['HANBIT Motors.', 'hanbitmotors'],
    [' (주) ', ''],
  ])('compares %j as %j: without legal form, spaces, punctuation and case', (name, compared) => {
    expect(normalizeDepositorName(name)).toBe(compared);
  });

  // 1-4 have a 외상 account (their own names match); 5 has none, 6 none but a name staff taught it.
  const index = companyNameIndex([
    { id: 1, names: ['(주)한빛모터스'] },
    { id: 2, names: ['대성카센터', '김대성'] },
    { id: 3, names: ['대성 카센터'] },
    { id: 4, names: ['서울공업사'] },
    { id: 5, names: [], untrusted: '㈜가온상사' },
    { id: 6, names: ['박가온'], untrusted: '가온부품' },
  ]);

  it('one company: matched', () => {
    expect(matchDepositor('한빛모터스', index)).toEqual({ kind: 'one', companyId: 1 });
    expect(matchDepositor('김대성', index)).toEqual({ kind: 'one', companyId: 2 });
    expect(matchDepositor('박가온', index)).toEqual({ kind: 'one', companyId: 6 });
  });

  it('two companies or none: the review queue', () => {
    expect(matchDepositor('대성카센터', index)).toEqual({ kind: 'many', companyIds: [2, 3] });
    expect(matchDepositor('홍길동', index)).toEqual({ kind: 'none' });
    expect(matchDepositor('', index)).toEqual({ kind: 'none' });
  });

  it('a company without a 외상 account is named to staff by its own name, never matched by it', () => {
    expect(matchDepositor('가온상사', index)).toEqual({ kind: 'notOnCredit', companyIds: [5] });
    expect(matchDepositor('가온 부품', index)).toEqual({ kind: 'notOnCredit', companyIds: [6] });
  });
});
