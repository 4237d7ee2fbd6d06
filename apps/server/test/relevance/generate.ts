/**
 * Writes queries.json, the relevance suite of the one search box (docs/search.md#relevance-suite):
 * queries as buyers type them over the demo shop, each with the products that must come in the top
 * five. Run it again after the demo data changes (`npx tsx apps/server/test/relevance/generate.ts`)
 * and `npx prettier --write` it, then read the diff: the file is the suite, this only saves writing
 * three hundred OE numbers by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertHangulToQwerty } from 'es-hangul';
import { alphaNumber } from '@partsmall/contract';
import { demoProductFacts, type DemoPartKind, type DemoProduct } from '../../src/seed/products.js';
import type { RelevanceQuery, RelevanceSuite } from './suite.js';

const facts = demoProductFacts(330);
const queries: RelevanceQuery[] = [];

const pidsOf = (ps: DemoProduct[]) => ps.map((p) => p.row.pid);
const where = (f: (p: DemoProduct) => boolean) => facts.filter(f);
function add(kind: string, q: string, expected: DemoProduct[] | 'none', mode?: 'pid') {
  if (expected !== 'none' && expected.length === 0) throw new Error(`no product for ${kind} '${q}'`);
  queries.push({
    kind,
    q,
    ...(mode ? { mode } : {}),
    ...(expected === 'none' ? { none: true } : { only: pidsOf(expected) }),
  });
}

const BRANDS: Record<string, { ko: string; latin: string; alias: string }> = {
  bmw: { ko: 'BMW', latin: 'bmw', alias: '비엠' },
  benz: { ko: '벤츠', latin: 'Mercedes', alias: 'MB' },
  audi: { ko: '아우디', latin: 'audi', alias: 'Audi' },
  jaguar: { ko: '재규어', latin: 'jaguar', alias: 'Jaguar' },
  land_rover: { ko: '랜드로버', latin: 'land rover', alias: '랜드로버' },
  maserati: { ko: '마세라티', latin: 'maserati', alias: 'Maserati' },
};

const PADS: DemoPartKind[] = ['front-brake-pads', 'rear-brake-pads'];
const DISCS: DemoPartKind[] = ['front-brake-disc', 'rear-brake-disc'];
const FILTERS: DemoPartKind[] = ['oil-filter', 'air-filter', 'cabin-filter'];
const SHOCKS: DemoPartKind[] = ['front-shock', 'rear-shock'];
const HEADLAMPS: DemoPartKind[] = ['led-headlight-left', 'led-headlight-right'];
const ARMS: DemoPartKind[] = ['front-lower-arm', 'front-upper-arm'];

/** The part words a buyer types, and the kinds each means. */
const PART_WORDS: [string, DemoPartKind[]][] = [
  ['패드', PADS],
  ['브레이크 패드', PADS],
  ['필터', FILTERS],
  ['디스크', DISCS],
  ['쇼바', SHOCKS],
  ['헤드램프', HEADLAMPS],
  ['라디에이터', ['radiator']],
  ['워터펌프', ['water-pump']],
  ['써모스탯', ['thermostat']],
  ['콘덴서', ['condenser']],
  ['컨트롤암', ARMS],
  ['산소센서', ['oxygen-sensor']],
  ['테일램프', ['tail-light-outer']],
  ['변속기 마운트', ['transmission-mount']],
  ['오일필터', ['oil-filter']],
  ['에어필터', ['air-filter']],
];

const ofBrand = (b: string, kinds: DemoPartKind[]) => where((p) => p.brand === b && kinds.includes(p.kind));
const ofModel = (word: string, kinds: DemoPartKind[]) => where((p) => p.model.includes(word) && kinds.includes(p.kind));
const ofKinds = (kinds: DemoPartKind[]) => where((p) => kinds.includes(p.kind));

// ---------------------------------------------------------------- numbers

// Own OE numbers typed in name mode, exactly as written: the product itself.
facts.filter((_, i) => i % 11 === 0).forEach((p) => add('number-name-mode', p.row.pid, [p]));
// The same in number mode, dashed, spaced, lower-case and in full width.
facts
  .filter((_, i) => i % 13 === 5)
  .forEach((p, i) => {
    const pid = p.row.pid;
    const typed = [
      pid.replace(/(.{3})(?=.)/g, '$1-'),
      pid.replace(/(.{2})(?=.)/g, '$1 '),
      pid.toLowerCase(),
      pid.replace(/(.{4})(?=.)/g, '$1.'),
    ][i % 4]!;
    add('number-format', typed, [p]);
  });
// Old numbers of the catalogues' supersession chains (oldest → middle → current), in name mode.
const CHAINS: [string, string, string][] = [
  ['N910105095028', 'N910105102947', 'A2295938783'],
  ['07119906743', '07119907356', '42215489599'],
  ['N1065466801', 'N1065505701', '4M0777639AB'],
  ['T4N30444', 'T4N30481', 'T4A52485'],
  ['LR190583', 'LR190636', 'LR463819'],
  ['673002321', '673002532', '670011516'],
];
for (const [oldest, middle, current] of CHAINS) {
  const product = where((p) => alphaNumber(p.row.pid) === alphaNumber(current));
  add('number-old', oldest, product);
  add('number-old', middle, product);
  add('number-old', oldest.toLowerCase().replace(/(\d{3})(?=\d)/g, '$1 '), product);
  add('number-old', middle, product, 'pid');
}
// Staff cross-references (set up by the suite): an aftermarket number interchangeable with an OE number.
const XREFS: { pid: string; toPid: string }[] = [];
facts
  .filter((_, i) => i % 33 === 7)
  .forEach((p, i) => {
    const number = `XR-${String(1000 + i * 37)}-${'ABCDEFGHJK'[i % 10]}`;
    XREFS.push({ pid: number, toPid: p.row.pid });
    add('number-interchangeable', i % 2 ? number : number.replace(/-/g, ' ').toLowerCase(), [p]);
  });

// Aftermarket numbers without the maker's name, as buyers type them ('HU816X', 'HU 816 X').
const factoryNumbers = [...new Set(facts.map((p) => p.row.factoryNum ?? ''))].filter((f) => f !== '');
factoryNumbers.forEach((f, i) => {
  const withMaker = where((p) => p.row.factoryNum === f);
  const tail = f.replace(/^[A-Za-z]+\s+/, '');
  if (!/\d/.test(tail) || alphaNumber(tail).length < 4) return;
  const typed = [alphaNumber(tail), tail, tail.toLowerCase(), f][i % 4]!;
  add('aftermarket', typed, withMaker);
  if (i % 3 === 0) add('aftermarket', alphaNumber(tail).toLowerCase(), withMaker);
});

// ---------------------------------------------------------------- vehicle and part, any order

let n = 0;
for (const [brand, names] of Object.entries(BRANDS)) {
  for (const [word, kinds] of PART_WORDS) {
    const expected = ofBrand(brand, kinds);
    if (expected.length === 0) continue;
    const label = [names.ko, names.latin, names.alias][n % 3]!;
    n++;
    add('vehicle-part', `${label} ${word}`, expected);
    if (n % 2 === 0) add('part-vehicle', `${word} ${label}`, expected);
  }
}
const MODEL_WORDS: [string, string][] = [
  ['G20', '3시리즈 G20'],
  ['3시리즈', '3시리즈'],
  ['G30', '5시리즈 G30'],
  ['X5', 'X5 G05'],
  ['E클래스', 'E클래스'],
  ['W213', 'W213'],
  ['C클래스', 'C클래스'],
  ['A6', 'A6 C8'],
  ['Q5', 'Q5'],
  ['XF', 'XF X260'],
  ['레인지로버', '레인지로버'],
  ['L405', 'L405'],
  ['디스커버리5', '디스커버리5'],
  ['기블리', '기블리'],
  ['르반떼', '르반떼'],
];
MODEL_WORDS.forEach(([typed, model], i) => {
  for (const [word, kinds] of PART_WORDS.filter((_, j) => (j + i) % 4 === 0)) {
    const expected = ofModel(model, kinds);
    if (expected.length === 0) continue;
    add('model-part', i % 2 ? `${typed} ${word}` : `${word} ${typed}`, expected);
  }
});

// A model code alone, under three letters: found anywhere in a name, after the make.
(
  [
    ['X5', 'X5 G05'],
    ['a6', 'A6 C8'],
    ['xf', 'XF X260'],
    ['Q7', 'Q7 4M'],
  ] as [string, string][]
).forEach(([typed, model]) =>
  add(
    'model',
    typed,
    where((p) => p.model === model),
  ),
);

// ---------------------------------------------------------------- typos (ㅐ/ㅔ, ㅔ/ㅖ, 쌍자음, one jamo)

const TYPOS: [string, DemoPartKind[]][] = [
  ['헤드렘프', HEADLAMPS],
  ['테일렘프', ['tail-light-outer']],
  ['쇼크업쏘버', SHOCKS],
  ['마모쎈서', ['pad-wear-sensor']],
  ['써머스탯', ['thermostat']],
  ['라디에니터', ['radiator']],
  ['라디에이타', ['radiator']],
  ['콘덴써', ['condenser']],
  ['에어컨 콘댄서', ['condenser']],
  ['브래이크 패드', PADS],
  ['브레이크 페드', PADS],
  ['워터펌푸', ['water-pump']],
  ['냉각수 보조텡크', ['coolant-tank']],
  ['변쏙기 마운트', ['transmission-mount']],
  ['산쏘센서', ['oxygen-sensor']],
  ['휠 스삐드 센서', ['wheel-speed-sensor']],
  ['오일팬', ['transmission-oil-pan']],
  ['엔진오일 필타', ['oil-filter']],
  ['콘트롤 암', ARMS],
  ['브레이크 디스끄', DISCS],
];
TYPOS.forEach(([typed, kinds]) => add('typo', typed, ofKinds(kinds)));
// Typos with a vehicle word.
(
  [
    ['bmw', '헤드렘프', HEADLAMPS],
    ['benz', '쇼크업쏘버', SHOCKS],
    ['audi', '테일렘프', ['tail-light-outer']],
    ['jaguar', '라디에니터', ['radiator']],
    ['land_rover', '마모쎈서', ['pad-wear-sensor']],
    ['maserati', '써머스탯', ['thermostat']],
    ['bmw', '브래이크 패드', PADS],
    ['benz', '콘덴써', ['condenser']],
    ['audi', '헤드렘프', HEADLAMPS],
    ['land_rover', '쇼크업쏘버', SHOCKS],
  ] as [string, string, DemoPartKind[]][]
).forEach(([brand, typed, kinds], i) =>
  add('typo', i % 2 ? `${typed} ${BRANDS[brand]!.ko}` : `${BRANDS[brand]!.ko} ${typed}`, ofBrand(brand, kinds)),
);

// ---------------------------------------------------------------- 초성, alone and with Latin letters

const CHOSUNG: [string, DemoProduct[]][] = [
  ['ㄹㄷㅇㅇㅌ', ofKinds(['radiator'])],
  ['ㅇㅌㅍㅍ', ofKinds(['water-pump'])],
  ['ㅆㅁㅅㅌ', ofKinds(['thermostat'])],
  ['ㅋㄷㅅ', ofKinds(['condenser'])],
  ['ㅎㄷㄹㅍ', ofKinds(HEADLAMPS)],
  ['ㅌㅇㄹㅍ', ofKinds(['tail-light-outer'])],
  ['ㅅㅅㅅㅅ', ofKinds(['oxygen-sensor'])],
  ['ㅂㅅㄱ ㅁㅇㅌ', ofKinds(['transmission-mount'])],
  ['ㄴㄱㅅ', ofKinds(['coolant-tank'])],
  ['ㅁㅁㅅㅅ', ofKinds(['pad-wear-sensor'])],
  ['ㅋㅌㄹ ㅇ', ofKinds(ARMS)],
  ['ㅇㅈㅇㅇ ㅍㅌ', ofKinds(['oil-filter'])],
];
CHOSUNG.forEach(([typed, expected]) => add('chosung', typed, expected));
(
  [
    ['bmw ㅂㄹㅇㅋ', 'bmw', [...PADS, ...DISCS, 'pad-wear-sensor']],
    ['bmw ㅍㄷ', 'bmw', PADS],
    ['audi ㄹㄷㅇㅇㅌ', 'audi', ['radiator']],
    ['ㅎㄷㄹㅍ bmw', 'bmw', HEADLAMPS],
    ['jaguar ㅆㅁㅅㅌ', 'jaguar', ['thermostat']],
    ['bmw ㅋㄷㅅ', 'bmw', ['condenser']],
    ['maserati ㅇㅌㅍㅍ', 'maserati', ['water-pump']],
    ['audi ㅅㅅㅅㅅ', 'audi', ['oxygen-sensor']],
    ['bmw ㅅㅂ', 'bmw', SHOCKS],
    ['jaguar ㄷㅅㅋ', 'jaguar', DISCS],
    ['ㄹㄷㅇㅇㅌ mb', 'benz', ['radiator']],
    ['bmw ㅌㅇㄹㅍ', 'bmw', ['tail-light-outer']],
  ] as [string, string, DemoPartKind[]][]
).forEach(([typed, brand, kinds]) => add('chosung-latin', typed, ofBrand(brand, kinds)));

// ---------------------------------------------------------------- synonyms and slang

const SYNONYMS: [string, DemoPartKind[]][] = [
  ['쇽업소버', SHOCKS],
  ['쇼크업소버', SHOCKS],
  ['댐퍼', SHOCKS],
  ['전조등', HEADLAMPS],
  ['헤드라이트', HEADLAMPS],
  ['후미등', ['tail-light-outer']],
  ['데루등', ['tail-light-outer']],
  ['람다센서', ['oxygen-sensor']],
  ['O2센서', ['oxygen-sensor']],
  ['캐빈필터', ['cabin-filter']],
  ['실내필터', ['cabin-filter']],
  ['물펌프', ['water-pump']],
  ['온도조절기', ['thermostat']],
  ['서모스탯', ['thermostat']],
  ['라지에다', ['radiator']],
  ['라지에타', ['radiator']],
  ['로터', DISCS],
  ['디스크로터', DISCS],
  ['미션 마운트', ['transmission-mount']],
  ['미션 오일팬', ['transmission-oil-pan']],
  ['컴프레서', []],
  ['에어크리너', ['air-filter']],
  ['컨덴서', ['condenser']],
];
SYNONYMS.forEach(([typed, kinds]) => add('synonym', typed, kinds.length ? ofKinds(kinds) : 'none'));
(
  [
    ['메르세데스 패드', 'benz', PADS],
    ['MB 쇼바', 'benz', SHOCKS],
    ['비엠 쇼크업소버', 'bmw', SHOCKS],
    ['비엠더블유 전조등', 'bmw', HEADLAMPS],
    ['Mercedes-Benz 라지에다', 'benz', ['radiator']],
    ['벤츠 데루등', 'benz', ['tail-light-outer']],
    ['아우디 물펌프', 'audi', ['water-pump']],
    ['재규어 로터', 'jaguar', DISCS],
    ['랜드로버 람다센서', 'land_rover', ['oxygen-sensor']],
    ['마세라티 캐빈필터', 'maserati', ['cabin-filter']],
  ] as [string, string, DemoPartKind[]][]
).forEach(([typed, brand, kinds]) => add('synonym', typed, ofBrand(brand, kinds)));

// ---------------------------------------------------------------- English names

(
  [
    ['brake pad', PADS],
    ['oil filter', ['oil-filter']],
    ['air filter', ['air-filter', 'cabin-filter']],
    ['water pump', ['water-pump']],
    ['radiator', ['radiator']],
    ['thermostat', ['thermostat']],
    ['headlight', HEADLAMPS],
    ['led headlamp', HEADLAMPS],
    ['condenser', ['condenser']],
    ['abs sensor', ['wheel-speed-sensor']],
    ['brake disc', DISCS],
    ['shock absorber', SHOCKS],
    ['taillight', ['tail-light-outer']],
    ['front brake pad', ['front-brake-pads']],
    ['rear brake disc', ['rear-brake-disc']],
  ] as [string, DemoPartKind[]][]
).forEach(([typed, kinds]) => add('english', typed, ofKinds(kinds)));
(
  [
    ['bmw brake pad', 'bmw', PADS],
    ['audi oil filter', 'audi', ['oil-filter']],
    ['jaguar radiator', 'jaguar', ['radiator']],
    ['maserati water pump', 'maserati', ['water-pump']],
    ['mercedes headlight', 'benz', HEADLAMPS],
    ['land rover condenser', 'land_rover', ['condenser']],
    ['bmw thermostat', 'bmw', ['thermostat']],
    ['audi brake disc', 'audi', DISCS],
  ] as [string, string, DemoPartKind[]][]
).forEach(([typed, brand, kinds]) => add('english', typed, ofBrand(brand, kinds)));

// ---------------------------------------------------------------- position words

(
  [
    ['프론트 패드', ['front-brake-pads']],
    ['패드 프론트', ['front-brake-pads']],
    ['앞 패드', ['front-brake-pads']],
    ['패드 앞', ['front-brake-pads']],
    ['리어 패드', ['rear-brake-pads']],
    ['뒤 패드', ['rear-brake-pads']],
    ['패드 리어', ['rear-brake-pads']],
    ['프론트 디스크', ['front-brake-disc']],
    ['디스크 뒤', ['rear-brake-disc']],
    ['리어 디스크', ['rear-brake-disc']],
    ['앞 쇼바', ['front-shock']],
    ['쇼바 뒤', ['rear-shock']],
    ['리어 쇼크업소버', ['rear-shock']],
    ['헤드램프 좌', ['led-headlight-left']],
    ['헤드램프 우', ['led-headlight-right']],
    ['좌 헤드램프', ['led-headlight-left']],
    ['헤드램프 왼쪽', ['led-headlight-left']],
    ['오른쪽 헤드램프', ['led-headlight-right']],
    ['헤드램프 LH', ['led-headlight-left']],
    ['헤드램프 RH', ['led-headlight-right']],
    ['로어암', ['front-lower-arm']],
    ['어퍼암', ['front-upper-arm']],
    ['컨트롤암 좌', ['front-lower-arm']],
    ['컨트롤암 우측', ['front-upper-arm']],
    ['front pad', ['front-brake-pads']],
    ['rear disc', ['rear-brake-disc']],
  ] as [string, DemoPartKind[]][]
).forEach(([typed, kinds]) => add('position', typed, ofKinds(kinds)));
(
  [
    ['BMW 프론트 패드', 'bmw', ['front-brake-pads']],
    ['벤츠 앞 패드', 'benz', ['front-brake-pads']],
    ['패드 리어 아우디', 'audi', ['rear-brake-pads']],
    ['재규어 뒤 디스크', 'jaguar', ['rear-brake-disc']],
    ['랜드로버 헤드램프 좌', 'land_rover', ['led-headlight-left']],
    ['마세라티 우측 헤드램프', 'maserati', ['led-headlight-right']],
    ['BMW 앞 쇼바', 'bmw', ['front-shock']],
    ['벤츠 리어 쇼바', 'benz', ['rear-shock']],
  ] as [string, string, DemoPartKind[]][]
).forEach(([typed, brand, kinds]) => add('position', typed, ofBrand(brand, kinds)));

// ---------------------------------------------------------------- half-typed (the last syllable being typed)

(
  [
    ['브레이', [...PADS, ...DISCS, 'pad-wear-sensor']],
    ['브레잌 패', PADS],
    ['라디에이', ['radiator']],
    ['라디에잍', ['radiator']],
    ['워터펌', ['water-pump']],
    ['콘덴', ['condenser']],
    ['헤드램', HEADLAMPS],
    ['테일램ㅍ', ['tail-light-outer']],
    ['써모스', ['thermostat']],
    ['산소센', ['oxygen-sensor']],
    ['냉각수 보조탱', ['coolant-tank']],
    ['쇼크업소', SHOCKS],
  ] as [string, DemoPartKind[]][]
).forEach(([typed, kinds]) => add('half-typed', typed, ofKinds(kinds)));
(
  [
    ['BMW 헤드램', 'bmw', HEADLAMPS],
    ['벤츠 라디에', 'benz', ['radiator']],
    ['아우디 워터펌', 'audi', ['water-pump']],
    ['재규어 콘덴', 'jaguar', ['condenser']],
  ] as [string, string, DemoPartKind[]][]
).forEach(([typed, brand, kinds]) => add('half-typed', typed, ofBrand(brand, kinds)));

// ---------------------------------------------------------------- 한/영: Hangul typed with the input left in English

/** The keys of a Hangul text on the Korean keyboard, as typed in English ('브레이크 패드' → 'qmfpdlzm voem'). */
const keysOf = (hangul: string) => hangul.split(' ').map(convertHangulToQwerty).join(' ');
PART_WORDS.forEach(([word, kinds]) => add('hangul-in-latin', keysOf(word), ofKinds(kinds)));
(
  [
    ['BMW 패드', 'bmw', PADS],
    ['벤츠 쇼바', 'benz', SHOCKS],
    ['아우디 라디에이터', 'audi', ['radiator']],
    ['랜드로버 워터펌프', 'land_rover', ['water-pump']],
    ['재규어 헤드렘프', 'jaguar', HEADLAMPS],
    ['마세라티 디스크', 'maserati', DISCS],
  ] as [string, string, DemoPartKind[]][]
).forEach(([typed, brand, kinds], i) => {
  // The make as typed in Latin letters, or its Korean name typed in English too.
  const [make, part] = [typed.slice(0, typed.indexOf(' ')), typed.slice(typed.indexOf(' ') + 1)];
  add('hangul-in-latin', `${i % 2 ? keysOf(make) : make} ${keysOf(part)}`, ofBrand(brand, kinds));
});

// ---------------------------------------------------------------- nonsense: nothing

[
  '김치찌개',
  '냉장고',
  'asdfgh',
  'qwerty 패드',
  'zzzz9999',
  '99999999999',
  'XX-0000-ZZ',
  '아이폰 케이스',
  '노트북',
  'ㅋㅋㅋㅋ',
  '타이어 휠 세트',
  '와이퍼 블레이드',
  '테슬라 모델3 패드',
  '현대 아반떼 필터',
  '스파크플러그',
  '배터리',
  'BMW 범퍼',
  '벤츠 와이퍼',
  '점화코일',
  '미미',
  // Short words the shop does not stock, one jamo off the inside of other words (호스: 써모스탯's 모스),
  // or two lone syllables (링크: 리어's 링, 쇼크's 크), and a model code no name has.
  '호스',
  '드럼',
  '핸들',
  '링크',
  'x9',
].forEach((q) => add('nonsense', q, 'none'));

const suite: RelevanceSuite = { xrefs: XREFS, queries };
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'queries.json');
fs.writeFileSync(out, `${JSON.stringify(suite, null, 1)}\n`);
const kinds = new Map<string, number>();
for (const q of queries) kinds.set(q.kind, (kinds.get(q.kind) ?? 0) + 1);
console.log(`${queries.length} queries`, Object.fromEntries(kinds));
