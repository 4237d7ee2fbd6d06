import { describe, expect, it } from 'vitest';
import {
  checkPartRelations,
  indexPartRelations,
  MAX_SUPERSESSION_STEPS,
  resolvePartNumber,
  type PartRelation,
} from './part-relations.js';

const sup = (from: string, to: string): PartRelation => ({ from, to, kind: 'supersedes' });
const inter = (from: string, to: string): PartRelation => ({ from, to, kind: 'interchangeable' });

/** A chain of `steps` supersessions over the numbers N00, N01, … (steps + 1 numbers). */
const chain = (steps: number, prefix = 'N') =>
  Array.from({ length: steps }, (_, i) =>
    sup(`${prefix}${String(i).padStart(2, '0')}`, `${prefix}${String(i + 1).padStart(2, '0')}`),
  );

describe('checkPartRelations', () => {
  it('accepts chains, splits, merges and interchangeable pairs that do not loop', () => {
    expect(
      checkPartRelations([
        sup('A-1', 'B-2'),
        sup('B-2', 'C-3'),
        sup('C-3', 'D-4'),
        sup('C-3', 'E-5'),
        sup('X-9', 'D-4'),
        inter('D-4', 'AM 77'),
        inter('AM 77', 'D-4'),
      ]),
    ).toEqual([]);
  });

  it('refuses a 2-cycle, naming both numbers and the relation that closes it', () => {
    expect(checkPartRelations([sup('11 22', '33-44'), sup('33-44', '1122')])).toEqual([
      {
        index: 1,
        kind: 'cycle',
        numbers: ['11 22', '33-44', '11 22'],
        message: '대체 관계가 순환합니다: 11 22 → 33-44 → 11 22',
      },
    ]);
  });

  it('refuses a 3-cycle hanging off a chain, with the three numbers of the loop only', () => {
    const problems = checkPartRelations([sup('OLD', 'P1'), sup('P1', 'P2'), sup('P2', 'P3'), sup('P3', 'P1')]);
    expect(problems).toEqual([
      {
        index: 3,
        kind: 'cycle',
        numbers: ['P1', 'P2', 'P3', 'P1'],
        message: '대체 관계가 순환합니다: P1 → P2 → P3 → P1',
      },
    ]);
  });

  it('sees a loop written with other spellings of the same numbers', () => {
    const problems = checkPartRelations([sup('a-100', 'B 200'), sup('b200', 'A100')]);
    expect(problems.map((p) => [p.index, p.kind, p.numbers])).toEqual([[1, 'cycle', ['a-100', 'B 200', 'a-100']]]);
  });

  it('interchangeable pairs both ways are no loop', () => {
    expect(checkPartRelations([inter('A1', 'B1'), inter('B1', 'A1'), sup('A1', 'A2')])).toEqual([]);
  });

  it(`accepts a chain of ${MAX_SUPERSESSION_STEPS} steps and refuses one of ${MAX_SUPERSESSION_STEPS + 1} at its 21st relation`, () => {
    expect(MAX_SUPERSESSION_STEPS).toBe(20);
    expect(checkPartRelations(chain(20))).toEqual([]);
    const problems = checkPartRelations(chain(21));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.index).toBe(20);
    expect(problems[0]!.kind).toBe('tooLong');
    expect(problems[0]!.numbers).toHaveLength(22);
    expect(problems[0]!.numbers[0]).toBe('N00');
    expect(problems[0]!.numbers[21]).toBe('N21');
    expect(problems[0]!.message).toBe('대체 관계가 20단계를 넘습니다: N00 → … → N21 (21단계)');
  });

  it('reports a chain of 25 steps once, and counts the longest way into a number', () => {
    expect(checkPartRelations(chain(25)).map((p) => p.index)).toEqual([20]);
    // A short way (S → N10) and the long way (N00 … N10) meet: the long way counts.
    const relations = [sup('S', 'N10'), ...chain(21)];
    expect(checkPartRelations(relations).map((p) => [p.index, p.kind])).toEqual([[21, 'tooLong']]);
  });

  it('checks the rows given in any order', () => {
    const reversed = chain(21).reverse();
    const problems = checkPartRelations(reversed);
    expect(problems.map((p) => [p.index, p.numbers[0], p.numbers[21]])).toEqual([[0, 'N00', 'N21']]);
  });

  it('refuses numbers without letters or digits and a number related to itself', () => {
    expect(checkPartRelations([sup('--', 'A1'), inter('a-1', 'A 1')])).toEqual([
      { index: 0, kind: 'emptyNumber', numbers: ['--', 'A1'], message: '품번에 영문 또는 숫자가 없습니다.' },
      { index: 1, kind: 'sameNumber', numbers: ['a-1', 'A 1'], message: '같은 품번끼리는 관계를 만들 수 없습니다.' },
    ]);
  });

  it('walks a chain of 50,000 steps without recursion (a recursive walk would overflow the stack)', () => {
    const long = Array.from({ length: 50_000 }, (_, i) => sup(`L${i}`, `L${i + 1}`));
    const problems = checkPartRelations(long);
    expect(problems.map((p) => [p.index, p.kind, p.numbers[0], p.numbers[21]])).toEqual([[20, 'tooLong', 'L0', 'L21']]);
  }, 30_000);
});

describe('resolvePartNumber', () => {
  const index = indexPartRelations([
    sup('34 11 6 860 242', '34 11 6 860 016'),
    sup('34116860016', '34-11-6-885-452'),
    inter('34 11 6 885 452', 'TRW GDB1611'),
    inter('A 000 420 12 20', 'ATE 13.0460-2741.2'),
    sup('S-OLD', 'S-NEW-1'),
    sup('S-OLD', 'S-NEW-2'),
    inter('CUR-1', 'AM-OLD'),
    sup('AM-OLD', 'AM-NEW'),
  ]);

  it('leads an old number to the current one first, with the whole path and the line to show', () => {
    expect(resolvePartNumber(index, '34 11 6 860 242')).toEqual([
      {
        key: '34116885452',
        number: '34-11-6-885-452',
        match: 'replaced',
        path: ['34 11 6 860 242', '34 11 6 860 016', '34-11-6-885-452'],
        label: '대체품번 (이전 번호 34 11 6 860 242 → 34 11 6 860 016 → 현재 34-11-6-885-452)',
      },
      { key: '34116860242', number: '34 11 6 860 242', match: 'own', path: ['34 11 6 860 242'], label: '품번 일치' },
      {
        key: 'TRWGDB1611',
        number: 'TRW GDB1611',
        match: 'interchangeable',
        path: ['34 11 6 860 242', 'TRW GDB1611'],
        label: '호환품번',
      },
    ]);
  });

  it('finds a current number by its own number first, then its interchangeable numbers', () => {
    expect(resolvePartNumber(index, '34116885452').map((m) => [m.key, m.match, m.label])).toEqual([
      ['34116885452', 'own', '품번 일치'],
      ['TRWGDB1611', 'interchangeable', '호환품번'],
    ]);
  });

  it('goes from an aftermarket number to the OE number and back, typed with other spacing', () => {
    expect(resolvePartNumber(index, 'ate 13 0460 2741 2').map((m) => [m.key, m.match])).toEqual([
      ['ATE13046027412', 'own'],
      ['A0004201220', 'interchangeable'],
    ]);
    expect(resolvePartNumber(index, 'A0004201220').map((m) => [m.key, m.match])).toEqual([
      ['A0004201220', 'own'],
      ['ATE13046027412', 'interchangeable'],
    ]);
  });

  it('gives every current number of a split number', () => {
    expect(resolvePartNumber(index, 's old').map((m) => [m.key, m.match, m.label])).toEqual([
      ['SNEW1', 'replaced', '대체품번 (이전 번호 s old → 현재 S-NEW-1)'],
      ['SNEW2', 'replaced', '대체품번 (이전 번호 s old → 현재 S-NEW-2)'],
      ['SOLD', 'own', '품번 일치'],
    ]);
  });

  it('follows an interchangeable number that was superseded to its current number', () => {
    expect(resolvePartNumber(index, 'CUR-1').map((m) => [m.key, m.match])).toEqual([
      ['CUR1', 'own'],
      ['AMNEW', 'interchangeable'],
    ]);
  });

  it('answers a number without relations with itself only, and nothing for an empty one', () => {
    expect(resolvePartNumber(index, '0001-ABC')).toEqual([
      { key: '0001ABC', number: '0001-ABC', match: 'own', path: ['0001-ABC'], label: '품번 일치' },
    ]);
    expect(resolvePartNumber(index, ' - ')).toEqual([]);
  });

  it('ends on relations stored with a loop or too long a chain instead of running on', () => {
    const looped = indexPartRelations([sup('A', 'B'), sup('B', 'C'), sup('C', 'A')]);
    expect(resolvePartNumber(looped, 'A').map((m) => [m.key, m.match, m.path.join('>')])).toEqual([
      ['C', 'replaced', 'A>B>C'],
      ['A', 'own', 'A'],
    ]);
    const long = indexPartRelations(chain(30));
    const first = resolvePartNumber(long, 'N00')[0]!;
    expect(first.key).toBe('N20');
    expect(first.path).toHaveLength(21);
  });
});

describe('a number with very many partners', () => {
  it('40,000 interchangeable numbers of one hub are indexed and resolved in one pass, each once', () => {
    // Its time is not asserted here (a busy machine is no measure; docs/performance.md): what is, is
    // that each pair is indexed once and each partner resolved once.
    const partners = Array.from({ length: 40_000 }, (_, i) => `X${String(i).padStart(6, '0')}`);
    const relations = [...partners.map((p) => inter('HUB1', p)), inter('HUB1', 'X000007'), inter('X000009', 'HUB1')];
    const index = indexPartRelations(relations);
    const matches = resolvePartNumber(index, 'HUB1');
    expect(index.partners.get('HUB1')).toHaveLength(40_000);
    expect(index.partners.get('X000009')).toEqual(['HUB1']);
    expect(matches).toHaveLength(40_001);
    expect(matches.slice(0, 3).map((m) => [m.key, m.match])).toEqual([
      ['HUB1', 'own'],
      ['X000000', 'interchangeable'],
      ['X000001', 'interchangeable'],
    ]);
  });
});
