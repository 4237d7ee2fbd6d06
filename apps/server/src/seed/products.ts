import fs from 'node:fs';
import path from 'node:path';
import {
  alphaNumber,
  productNameColumns,
  PRODUCT_CATEGORIES,
  WAREHOUSES,
  type ProductCategory,
} from '@partsmall/contract';
import type { Db } from '../db/client.js';
import { products } from '../db/schema.js';

/** Demo catalogue of the shop: ~330 parts over the eleven categories and six brands, made offline. */

interface Brand {
  key: string;
  label: string;
  models: string[];
  oe: (n: number) => string;
}

const pad = (n: number, len: number) => String(n).padStart(len, '0');

const BRANDS: Brand[] = [
  {
    key: 'bmw',
    label: 'BMW',
    models: ['3시리즈 G20', '5시리즈 G30', 'X3 G01', 'X5 G05', '7시리즈 G11'],
    oe: (n) =>
      `${pad(11 + (n % 60), 2)}${pad(10 + (n % 20), 2)}${(n % 9) + 1}${pad((n * 7919) % 1000, 3)}${pad((n * 104729) % 1000, 3)}`,
  },
  {
    key: 'benz',
    label: '벤츠',
    models: ['E클래스 W213', 'C클래스 W205', 'S클래스 W222', 'GLC X253'],
    oe: (n) =>
      `A${pad((n * 3571) % 1000, 3)}${pad((n * 7) % 1000, 3)}${pad((n * 13) % 100, 2)}${pad((n * 17) % 100, 2)}`,
  },
  {
    key: 'audi',
    label: '아우디',
    models: ['A6 C8', 'A4 B9', 'Q5 FY', 'Q7 4M'],
    oe: (n) =>
      `${['4K0', '8W0', '80A', '4M0'][n % 4]}${pad((n * 631) % 1000, 3)}${pad((n * 17) % 1000, 3)}${['A', 'B', 'AB', 'C', ''][n % 5]}`,
  },
  {
    key: 'jaguar',
    label: '재규어',
    models: ['XF X260', 'F-PACE X761', 'XE X760'],
    oe: (n) => `${['T2H', 'T4A', 'C2D'][n % 3]}${pad((n * 4091) % 100000, 5)}`,
  },
  {
    key: 'land_rover',
    label: '랜드로버',
    models: ['레인지로버 L405', '디스커버리5 L462', '레인지로버 스포츠 L494', '이보크 L551'],
    oe: (n) => `LR${pad((n * 9173) % 1000000, 6)}`,
  },
  {
    key: 'maserati',
    label: '마세라티',
    models: ['기블리 M157', '르반떼 M161', '콰트로포르테 M156'],
    oe: (n) => `${pad(670000000 + ((n * 7727) % 99999), 9)}`,
  },
];

/** One kind of part the demo shop sells; the demo catalogue links a drawing's row to products of its kind. */
export type DemoPartKind =
  | 'oil-filter'
  | 'air-filter'
  | 'cabin-filter'
  | 'front-shock'
  | 'rear-shock'
  | 'water-pump'
  | 'thermostat'
  | 'coolant-tank'
  | 'transmission-oil-pan'
  | 'transmission-mount'
  | 'led-headlight-left'
  | 'led-headlight-right'
  | 'tail-light-outer'
  | 'front-brake-pads'
  | 'rear-brake-pads'
  | 'front-brake-disc'
  | 'rear-brake-disc'
  | 'condenser'
  | 'wheel-speed-sensor'
  | 'pad-wear-sensor'
  | 'oxygen-sensor'
  | 'radiator'
  | 'front-lower-arm'
  | 'front-upper-arm';

interface PartKind {
  key: DemoPartKind;
  name: string;
  /** Base price in won (bronze tier, before variation). */
  base: number;
  factory: string[];
}

/** category | kind | name | base price | factory numbers (';' between): a category's kinds in the order they are drawn. */
const PART_TABLE = `
filter | oil-filter | 엔진오일 필터 | 18_000 | MANN HU 816 X; MAHLE OX 387D; BOSCH F 026 407 123
filter | air-filter | 에어 필터 | 32_000 | MANN C 30 005; MAHLE LX 3778; HENGST E1453L
filter | cabin-filter | 에어컨 실내 필터 (활성탄) | 28_000 | MANN CUK 8430; MAHLE LAK 875; BOSCH 1 987 435 528
shock | front-shock | 프론트 쇼바 (쇼크업소버) | 210_000 | BILSTEIN 22-264418; SACHS 316 987; KYB 3348073
shock | rear-shock | 리어 쇼바 (쇼크업소버) | 185_000 | BILSTEIN 24-264425; SACHS 317 265; MONROE G8195
cooling | water-pump | 워터펌프 | 165_000 | PIERBURG 7.02851.20.0; GRAF PA1349; HEPU P547
cooling | thermostat | 써모스탯 (하우징 포함) | 98_000 | WAHLER 410581.103D; BEHR TM 15 103; GATES TH49887G1
cooling | coolant-tank | 냉각수 보조탱크 | 62_000 | FEBI 49713; MEYLE 314 223 0004; TOPRAN 502 765
gear | transmission-oil-pan | 변속기 오일팬 (필터 일체형) | 145_000 | ZF 1087.298.364; FEBI 107407; VAICO V20-0580
gear | transmission-mount | 변속기 마운트 | 72_000 | LEMFOERDER 37974 01; FEBI 31018; CORTECO 80001561
light | led-headlight-left | LED 헤드램프 (좌) | 1_180_000 | HELLA 1EX 011 100-811; VALEO 450581; ZKW 2KW 010 935-011
light | led-headlight-right | LED 헤드램프 (우) | 1_180_000 | HELLA 1EX 011 100-821; VALEO 450582; ZKW 2KW 010 935-021
light | tail-light-outer | 테일램프 (외측) | 265_000 | HELLA 2SD 010 407-251; ULO 1130001; MAGNETI MARELLI 714021940801
pad | front-brake-pads | 프론트 브레이크 패드 | 78_000 | TRW GDB1919; ATE 13.0460-7286.2; BREMBO P 06 075
pad | rear-brake-pads | 리어 브레이크 패드 | 62_000 | TRW GDB2047; TEXTAR 2569901; BREMBO P 50 126
disc | front-brake-disc | 프론트 브레이크 디스크 (1장) | 118_000 | BREMBO 09.C394.13; ATE 24.0130-0203.1; ZIMMERMANN 150.3490.20
disc | rear-brake-disc | 리어 브레이크 디스크 (1장) | 96_000 | BREMBO 09.C543.11; TEXTAR 92265325; ZIMMERMANN 400.5506.20
condenser | condenser | 에어컨 콘덴서 | 245_000 | NISSENS 940401; BEHR 8FC 351 303-031; VALEO 814410
sensor | wheel-speed-sensor | ABS 휠 스피드 센서 | 58_000 | BOSCH 0 265 008 089; ATE 24.0711-6217.3; FEBI 106629
sensor | pad-wear-sensor | 브레이크 패드 마모센서 | 16_000 | TEXTAR 98048100; ATE 24.8190-0721.2; BOSCH 1 987 473 515
sensor | oxygen-sensor | 산소센서 (람다센서) | 132_000 | BOSCH 0 258 017 217; NGK 0081; DENSO DOX-0565
radiator | radiator | 라디에이터 | 385_000 | NISSENS 60794; BEHR 8MK 376 754-234; MAHLE CR 1056 000P
arm | front-lower-arm | 프론트 로어 컨트롤 암 (좌) | 148_000 | LEMFOERDER 36182 01; TRW JTC1383; MEYLE 316 050 0115/HD
arm | front-upper-arm | 프론트 어퍼 컨트롤 암 (우) | 136_000 | LEMFOERDER 39994 01; FEBI 39945; DELPHI TC2854
`;

const PARTS = {} as Record<ProductCategory, PartKind[]>;
for (const line of PART_TABLE.split('\n').filter(Boolean)) {
  const [category, key, name, base, factory] = line.split(' | ') as [
    ProductCategory,
    DemoPartKind,
    string,
    string,
    string,
  ];
  (PARTS[category] ??= []).push({ key, name, base: Number(base.replaceAll('_', '')), factory: factory.split('; ') });
}

/** The shop category of each kind of part. */
export const DEMO_KIND_CATEGORY = Object.fromEntries(
  PRODUCT_CATEGORIES.flatMap((c) => PARTS[c.key].map((k) => [k.key, c.key] as const)),
) as Record<DemoPartKind, ProductCategory>;

const NOTES = [
  '좌우 1세트 가격입니다. 한쪽만 필요하시면 채팅으로 문의하세요.',
  '장착 시 전용 볼트 교체를 권장합니다 (볼트 별도 구매).',
  '센서 커넥터 형상이 연식별로 다릅니다. 차대번호로 확인 후 주문하세요.',
  '코딩이 필요한 부품입니다. 장착 후 진단기 코딩을 진행하세요.',
];
const CHINA_NOTE = '중국 직수입 상품으로 판매자 귀책 외에는 반품이 불가합니다.';

/** Deterministic pseudo-random numbers so the demo shop is the same on every machine. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round100 = (n: number) => Math.round(n / 100) * 100;

export type ProductInsert = typeof products.$inferInsert;

/** A demo product with the facts the demo catalogue matches on: its kind of part and its vehicle. */
export interface DemoProduct {
  row: ProductInsert;
  brand: string;
  kind: DemoPartKind;
  /** The model it fits, as written in its name ('3시리즈 G20'). */
  model: string;
}

/** The model of each brand the demo parts catalogue has drawings of (the first of the brand's models). */
export const DEMO_CATALOGUE_MODELS: Record<string, string> = Object.fromEntries(
  BRANDS.map((b) => [b.key, b.models[0]!]),
);

/** Builds `count` demo products (the seed uses ~330; the benchmark asks for a million). */
export function demoProducts(count: number, seed = 20261121): ProductInsert[] {
  return demoProductFacts(count, seed).map((p) => p.row);
}

/** The demo products with their kind and model (the catalogue generator links parts by these). */
export function demoProductFacts(count: number, seed = 20261121): DemoProduct[] {
  const rand = mulberry32(seed);
  const out: DemoProduct[] = [];
  const kinds = PRODUCT_CATEGORIES.flatMap((c) => PARTS[c.key].map((k) => ({ category: c.key, kind: k })));
  const fitted = new Set<string>();
  for (let i = 0; i < count; i++) {
    // Categories cycle fastest so every page of the grid shows a mix of parts and brands.
    const { category, kind } = kinds[i % kinds.length]!;
    const brand = BRANDS[(i + Math.floor(i / kinds.length)) % BRANDS.length]!;
    const drawn = brand.models[Math.floor(rand() * brand.models.length)]!;
    // The first product of each kind and brand fits the car the demo catalogue draws, so every
    // catalogue row of a kind the shop sells offers a part of that very vehicle; the rest keep
    // their drawn model. The draw above still happens, so prices and stock stay as they were.
    const first = !fitted.has(`${brand.key}:${kind.key}`);
    fitted.add(`${brand.key}:${kind.key}`);
    const model = first ? brand.models[0]! : drawn;
    const n = i + 1;
    const pid = brand.oe(n * 31 + i);
    const factoryNum = kind.factory[i % kind.factory.length]!;
    const china = rand() < 0.25;
    const warehouse = china ? WAREHOUSES.china : WAREHOUSES.korea;
    const r = rand();
    const type = r < 0.4 ? 2 : r < 0.8 ? 1 : r < 0.88 ? 3 : r < 0.94 ? 0 : 4;
    const base = round100(kind.base * (0.85 + rand() * 0.4) * (type === 2 ? 1.35 : type === 4 ? 0.55 : 1));
    const priceD = base;
    const priceC = round100(base * 0.97);
    const priceB = i % 11 === 0 ? 0 : round100(base * 0.94);
    const priceA = i % 7 === 0 ? 0 : round100(base * 0.9);
    const soldOut = rand() < 0.08;
    const noteIndex = Math.floor(rand() * 7);
    const detailInfo = china ? CHINA_NOTE : noteIndex < NOTES.length && rand() < 0.35 ? NOTES[noteIndex]! : '';
    const variant = (i % 3) + 1;
    const name = `${brand.label} ${model} ${kind.name}`;
    const row: ProductInsert = {
      name,
      ...productNameColumns(name),
      pid,
      pidKey: alphaNumber(pid),
      factoryNum,
      factoryKey: alphaNumber(factoryNum),
      type,
      priceA,
      priceB,
      priceC,
      priceD,
      salePrice: round100(base * 1.15),
      hasAmount: soldOut ? 0 : 1 + Math.floor(rand() * 60),
      stockName: warehouse.stockName,
      storageId: warehouse.storageId,
      imgFiles: [
        `/uploads/products/${category}-${variant}.svg`,
        `/uploads/products/${category}-${(variant % 3) + 1}.svg`,
      ],
      detailInfo,
      description: `${brand.label} ${model} 적용 ${kind.name}입니다. 순정 부품번호 ${pid}, 호환 품번 ${factoryNum}. 장착 전 차대번호로 적용 여부를 확인하세요.`,
      category,
      brand: brand.key,
      companyId: 0,
    };
    out.push({ row, brand: brand.key, kind: kind.key, model });
  }
  return out;
}

const PALETTES = [
  ['#1d4ed8', '#dbeafe'],
  ['#0f766e', '#ccfbf1'],
  ['#b45309', '#fef3c7'],
];

/** Simple pictograms per category, drawn as SVG so the seed needs no network. */
const SHAPES: Record<ProductCategory, string> = {
  filter:
    '<rect x="110" y="70" width="180" height="200" rx="24"/><g stroke="#fff" stroke-width="8">' +
    Array.from({ length: 7 }, (_, i) => `<line x1="${130 + i * 23}" y1="90" x2="${130 + i * 23}" y2="250"/>`).join('') +
    '</g>',
  shock:
    '<rect x="180" y="50" width="40" height="110" rx="8"/><rect x="160" y="150" width="80" height="150" rx="14"/><circle cx="200" cy="45" r="20"/>',
  cooling:
    '<circle cx="200" cy="170" r="110"/><g fill="#fff"><path d="M200 170 L200 70 A40 40 0 0 1 250 130Z"/><path d="M200 170 L300 170 A40 40 0 0 1 240 220Z"/><path d="M200 170 L160 260 A40 40 0 0 1 130 190Z"/></g>',
  gear:
    '<circle cx="200" cy="170" r="95"/><g>' +
    Array.from(
      { length: 10 },
      (_, i) => `<rect x="188" y="55" width="24" height="40" transform="rotate(${i * 36} 200 170)"/>`,
    ).join('') +
    '</g><circle cx="200" cy="170" r="35" fill="#fff"/>',
  light:
    '<path d="M80 120 Q200 40 320 120 L300 240 Q200 280 100 240Z"/><circle cx="160" cy="170" r="38" fill="#fff"/><circle cx="250" cy="170" r="28" fill="#fff"/>',
  pad: '<path d="M70 130 Q200 60 330 130 L310 230 Q200 190 90 230Z"/><rect x="110" y="140" width="180" height="30" rx="8" fill="#fff"/>',
  disc:
    '<circle cx="200" cy="170" r="120"/><circle cx="200" cy="170" r="45" fill="#fff"/>' +
    Array.from(
      { length: 12 },
      (_, i) =>
        `<circle cx="${200 + 85 * Math.cos((i * Math.PI) / 6)}" cy="${170 + 85 * Math.sin((i * Math.PI) / 6)}" r="7" fill="#fff"/>`,
    ).join(''),
  condenser:
    '<rect x="70" y="70" width="260" height="200" rx="10"/><g stroke="#fff" stroke-width="5">' +
    Array.from({ length: 9 }, (_, i) => `<line x1="80" y1="${90 + i * 20}" x2="320" y2="${90 + i * 20}"/>`).join('') +
    '</g>',
  sensor:
    '<rect x="185" y="50" width="30" height="150" rx="10"/><circle cx="200" cy="230" r="45"/><path d="M200 275 Q260 300 320 260" stroke="currentColor" stroke-width="10" fill="none"/>',
  radiator:
    '<rect x="60" y="80" width="280" height="180" rx="8"/><g stroke="#fff" stroke-width="6">' +
    Array.from({ length: 12 }, (_, i) => `<line x1="${80 + i * 22}" y1="95" x2="${80 + i * 22}" y2="245"/>`).join('') +
    '</g>',
  arm: '<path d="M70 230 L200 90 L330 230 L290 250 L200 150 L110 250Z"/><circle cx="200" cy="90" r="28"/><circle cx="85" cy="235" r="22"/><circle cx="315" cy="235" r="22"/>',
};

export function productImageSvg(category: ProductCategory, variant: number): string {
  const [fg, bg] = PALETTES[(variant - 1) % PALETTES.length]!;
  const label = PRODUCT_CATEGORIES.find((c) => c.key === category)!.label;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect width="400" height="400" fill="${bg}"/><g fill="${fg}" color="${fg}">${SHAPES[category]}</g><text x="200" y="360" font-size="34" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="${fg}">${label}</text></svg>`;
}

/** Writes the category pictures under uploads/products (skips those already there). */
export function writeProductImages(uploadDir: string): void {
  const dir = path.join(uploadDir, 'products');
  fs.mkdirSync(dir, { recursive: true });
  for (const c of PRODUCT_CATEGORIES) {
    for (let v = 1; v <= 3; v++) {
      const file = path.join(dir, `${c.key}-${v}.svg`);
      if (!fs.existsSync(file)) fs.writeFileSync(file, productImageSvg(c.key, v));
    }
  }
}

export async function seedProducts(db: Db, count = 330): Promise<void> {
  const existing = await db.select({ id: products.id }).from(products).limit(1);
  if (existing.length > 0) return;
  const rows = demoProducts(count);
  for (let i = 0; i < rows.length; i += 200) await db.insert(products).values(rows.slice(i, i + 200));
}
