/**
 * Relations between part numbers (docs/search.md#part-numbers): supersession (an old number is replaced by a new one;
 * chains follow the new number onwards) and interchangeability (OE ↔ aftermarket, either way).
 * Pure functions over in-memory arrays: the catalogue importer and the shop's cross-reference import
 * check a file with `checkPartRelations`, and search resolves a typed number with `resolvePartNumber`.
 * Numbers compare by `alphaNumber`; the first spelling seen of a number is the one shown.
 */
import { alphaNumber } from './rules.js';

export type PartRelationKind = 'supersedes' | 'interchangeable';

/** One relation: for `supersedes`, `from` is the old number and `to` the number that replaces it. */
export interface PartRelation {
  from: string;
  to: string;
  kind: PartRelationKind;
}

/** Longest supersession chain accepted, in steps (relations): 20 steps join 21 numbers. */
export const MAX_SUPERSESSION_STEPS = 20;

export const RELATION_MSG = {
  emptyNumber: '품번에 영문 또는 숫자가 없습니다.',
  sameNumber: '같은 품번끼리는 관계를 만들 수 없습니다.',
  cycle: (numbers: string[]) => `대체 관계가 순환합니다: ${numbers.join(' → ')}`,
  tooLong: (numbers: string[]) =>
    `대체 관계가 ${MAX_SUPERSESSION_STEPS}단계를 넘습니다: ${numbers[0]} → … → ${numbers[numbers.length - 1]} (${numbers.length - 1}단계)`,
} as const;

/**
 * A relation that may not be stored. `index` is the position of the offending relation in the array
 * given (the importer turns it into file and line); `numbers` are the numbers concerned, as written:
 * the loop back to its start for a cycle, the chain up to the first step too many for a long chain.
 */
export interface PartRelationProblem {
  index: number;
  kind: 'emptyNumber' | 'sameNumber' | 'cycle' | 'tooLong';
  numbers: string[];
  message: string;
}

interface Edge {
  to: string;
  index: number;
}

/** Display spellings by key, the first seen winning, and the supersession edges by old number. */
function supersessionGraph(relations: readonly PartRelation[]) {
  const shown = new Map<string, string>();
  const edges = new Map<string, Edge[]>();
  const problems: PartRelationProblem[] = [];
  relations.forEach((r, index) => {
    const from = alphaNumber(r.from);
    const to = alphaNumber(r.to);
    if (from === '' || to === '') {
      problems.push({ index, kind: 'emptyNumber', numbers: [r.from, r.to], message: RELATION_MSG.emptyNumber });
      return;
    }
    if (from === to) {
      problems.push({ index, kind: 'sameNumber', numbers: [r.from, r.to], message: RELATION_MSG.sameNumber });
      return;
    }
    if (!shown.has(from)) shown.set(from, r.from.trim());
    if (!shown.has(to)) shown.set(to, r.to.trim());
    if (r.kind !== 'supersedes') return;
    const out = edges.get(from);
    if (out) out.push({ to, index });
    else edges.set(from, [{ to, index }]);
  });
  return { shown, edges, problems };
}

/**
 * Every relation that may not be stored: numbers without letters or digits, a number related to
 * itself, supersession cycles (A → B → A) and chains longer than MAX_SUPERSESSION_STEPS. Without
 * recursion, in time linear in the relations, so a file of 100,000 rows is checked at once.
 */
export function checkPartRelations(relations: readonly PartRelation[]): PartRelationProblem[] {
  const { shown, edges, problems } = supersessionGraph(relations);
  const show = (keys: string[]) => keys.map((k) => shown.get(k) ?? k);

  // Cycles: a depth-first walk; an edge back to a number still on the walk closes a loop.
  const state = new Map<string, 'open' | 'done'>();
  const inCycle = new Set<number>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    state.set(start, 'open');
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const out = edges.get(top.node) ?? [];
      if (top.next >= out.length) {
        state.set(top.node, 'done');
        stack.pop();
        continue;
      }
      const edge = out[top.next++]!;
      const seen = state.get(edge.to);
      if (seen === 'open') {
        const from = stack.findIndex((s) => s.node === edge.to);
        const loop = [...stack.slice(from).map((s) => s.node), edge.to];
        inCycle.add(edge.index);
        problems.push({
          index: edge.index,
          kind: 'cycle',
          numbers: show(loop),
          message: RELATION_MSG.cycle(show(loop)),
        });
      } else if (seen === undefined) {
        state.set(edge.to, 'open');
        stack.push({ node: edge.to, next: 0 });
      }
    }
  }

  // Long chains: the longest chain ending at each number, in topological order (Kahn) over the
  // graph without the edges that close a loop. Only the step that makes a chain one too long is
  // reported, so a chain of 25 steps gives one problem, not five.
  const indegree = new Map<string, number>();
  for (const [from, out] of edges) {
    if (!indegree.has(from)) indegree.set(from, 0);
    for (const e of out) if (!inCycle.has(e.index)) indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
  }
  const depth = new Map<string, { steps: number; prev: string | null }>();
  const queue = [...indegree].filter(([, d]) => d === 0).map(([k]) => k);
  for (const k of queue) depth.set(k, { steps: 0, prev: null });
  const chainTo = (key: string) => {
    const chain = [key];
    for (let p = depth.get(key)?.prev; p; p = depth.get(p)?.prev ?? null) chain.unshift(p);
    return chain;
  };
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    const steps = depth.get(node)!.steps;
    for (const e of edges.get(node) ?? []) {
      if (inCycle.has(e.index)) continue;
      if (steps + 1 === MAX_SUPERSESSION_STEPS + 1) {
        const chain = show([...chainTo(node), e.to]);
        problems.push({ index: e.index, kind: 'tooLong', numbers: chain, message: RELATION_MSG.tooLong(chain) });
      }
      const known = depth.get(e.to);
      if (!known || known.steps < steps + 1) depth.set(e.to, { steps: steps + 1, prev: node });
      const left = indegree.get(e.to)! - 1;
      indegree.set(e.to, left);
      if (left === 0) queue.push(e.to);
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** Why a number was found: its own number, a newer number of its chain, or an interchangeable one. */
export type PartMatchKind = 'own' | 'replaced' | 'interchangeable';

export interface PartMatch {
  /** The number to look products up by (alphaNumber form). */
  key: string;
  /** The same number as written in the relations (or as typed, for the own number). */
  number: string;
  match: PartMatchKind;
  /** From the typed number to this one, as written: [typed] for own, [old, …, current] for replaced. */
  path: string[];
  /** What the hit says: '품번 일치', '대체품번 (이전 번호 X → 현재 Y)' or '호환품번'. */
  label: string;
}

export interface PartRelationIndex {
  shown: Map<string, string>;
  newer: Map<string, string[]>;
  partners: Map<string, string[]>;
}

/** Builds the lookup maps once; relations that `checkPartRelations` refuses should not be passed. */
export function indexPartRelations(relations: readonly PartRelation[]): PartRelationIndex {
  const shown = new Map<string, string>();
  const newer = new Map<string, string[]>();
  const partners = new Map<string, string[]>();
  // Each pair once, looked up in a set: a number with 20,000 partners (a staff import can make one)
  // was checked against its whole list for each new one, 0.65 s of the request thread per search.
  const seen = new Set<string>();
  const add = (map: Map<string, string[]>, from: string, to: string) => {
    const pair = `${map === newer ? 'n' : 'p'}\u0000${from}\u0000${to}`;
    if (seen.has(pair)) return;
    seen.add(pair);
    const list = map.get(from);
    if (!list) map.set(from, [to]);
    else list.push(to);
  };
  for (const r of relations) {
    const from = alphaNumber(r.from);
    const to = alphaNumber(r.to);
    if (from === '' || to === '' || from === to) continue;
    if (!shown.has(from)) shown.set(from, r.from.trim());
    if (!shown.has(to)) shown.set(to, r.to.trim());
    if (r.kind === 'supersedes') add(newer, from, to);
    else {
      add(partners, from, to);
      add(partners, to, from);
    }
  }
  return { shown, newer, partners };
}

/** '대체품번 (이전 번호 A → B → 현재 C)': the whole chain from the typed number to the current one. */
export function replacedLabel(path: readonly string[]): string {
  const current = path[path.length - 1] ?? '';
  return `대체품번 (이전 번호 ${path.slice(0, -1).join(' → ')} → 현재 ${current})`;
}

export const OWN_NUMBER_LABEL = '품번 일치';
/**
 * A product whose own number only starts with the typed one ('422154' → 42215489599): said with the
 * whole number, so a buyer who typed a digit short does not read it as the number they meant.
 */
export const prefixNumberLabel = (pid: string) => `품번 앞부분 일치 (${pid})`;
export const INTERCHANGEABLE_LABEL = '호환품번';

/**
 * The current numbers of `key`: the ends of its supersession chains (a number may be split into
 * several), each with its path. Stops at MAX_SUPERSESSION_STEPS and never revisits a number, so
 * relations stored before a check (or a loop added later) cannot make it run forever.
 */
function currentOf(index: PartRelationIndex, key: string): string[][] {
  const ends: string[][] = [];
  const seen = new Set([key]);
  const walk: string[][] = [[key]];
  while (walk.length > 0) {
    const path = walk.shift()!;
    const next = (index.newer.get(path[path.length - 1]!) ?? []).filter((n) => !seen.has(n));
    if (next.length === 0 || path.length > MAX_SUPERSESSION_STEPS) {
      if (path.length > 1) ends.push(path);
      continue;
    }
    for (const n of next) {
      seen.add(n);
      walk.push([...path, n]);
    }
  }
  return ends;
}

/**
 * What a typed part number leads to, best first: the current numbers of its chain (a search of an
 * old number shows the current product first), then its own number (old stock may still be sold),
 * then the numbers interchangeable with it or with its current numbers, each followed to its own
 * current number. Interchangeability is taken one step only: two aftermarket parts that both fit an
 * OE number do not necessarily fit each other's uses. Each key appears once.
 */
export function resolvePartNumber(index: PartRelationIndex, typed: string): PartMatch[] {
  const key = alphaNumber(typed);
  if (key === '') return [];
  const show = (k: string) => index.shown.get(k) ?? k;
  const out: PartMatch[] = [];
  const taken = new Set<string>();
  const push = (m: PartMatch) => {
    if (taken.has(m.key)) return;
    taken.add(m.key);
    out.push(m);
  };
  const typedShown = typed.trim();

  const chains = currentOf(index, key);
  for (const path of chains) {
    const end = path[path.length - 1]!;
    const shownPath = [typedShown, ...path.slice(1).map(show)];
    push({ key: end, number: show(end), match: 'replaced', path: shownPath, label: replacedLabel(shownPath) });
  }
  push({ key, number: typedShown, match: 'own', path: [typedShown], label: OWN_NUMBER_LABEL });

  for (const base of [key, ...chains.map((p) => p[p.length - 1]!)]) {
    for (const partner of index.partners.get(base) ?? []) {
      const ends = currentOf(index, partner);
      const targets = ends.length > 0 ? ends.map((p) => p[p.length - 1]!) : [partner];
      for (const t of targets)
        push({
          key: t,
          number: show(t),
          match: 'interchangeable',
          path: [typedShown, show(t)],
          label: INTERCHANGEABLE_LABEL,
        });
    }
  }
  return out;
}
