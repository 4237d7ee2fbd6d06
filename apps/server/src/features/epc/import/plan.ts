/**
 * What the catalogue importer checks against and produces: the problems it reports (with their Korean
 * texts), the tables it writes and the plan the writer carries out, and the small rules the checks share.
 */
import { groupDigits, type Applicability, type EpcCatalogueBrand } from '@partsmall/contract';
import type { CopyValue } from './copy-text.js';
import type { TableName } from './format.js';
import { formatBytes, type CheckedImage } from './images.js';

export interface ImportProblem {
  /** File in the catalogue folder ('parts.jsonl'), or the folder itself ('') for a missing file. */
  file: string;
  /** 1-based line of the file, null when the problem is about the whole file. */
  line: number | null;
  message: string;
}

/** Database tables the importer writes, with their columns after catalogue_id, in COPY order. */
export const WRITE_TABLES = {
  epc_words: ['term', 'zh', 'ko', 'en', 'vi'],
  epc_main_groups: ['num', 'label', 'img', 'sort'],
  epc_diagrams: ['diagram', 'image', 'max_x', 'max_y', 'hotspot_w', 'hotspot_h'],
  epc_hotspots: ['diagram', 'seq', 'hs_key', 'x', 'y'],
  epc_nodes: [
    'mid',
    'num',
    'parent_mid',
    'level',
    'subgroup',
    'label',
    'description',
    'model',
    'img',
    'diagram',
    'has_child',
    'fit',
    'sort',
  ],
  epc_vehicles: ['brand', 'vin', 'short_vin', 'year', 'model_name', 'production_date', 'options', 'maindata'],
  epc_parts: [
    'diagram',
    'seq',
    'pnum',
    'itid',
    'itid2',
    'pid',
    'pid_key',
    'label',
    'standard_label',
    'quantity',
    'model',
    'stitute_status',
    'remark',
    'refmid',
    'fit',
  ],
  epc_replacements: ['seq', 'pid', 'pid_key', 'to_pid', 'to_key', 'kind', 'remark'],
} as const;
export type WriteTable = keyof typeof WRITE_TABLES;

/** What a checked catalogue writes: its header row and the COPY text of every table. */
export interface ImportPlan {
  catalogue: { mcid: string; brand: EpcCatalogueBrand; name: string; img: string };
  tables: Record<WriteTable, { chunks: string[]; rows: number }>;
  images: CheckedImage[];
  counts: Record<TableName, number>;
}

export const V = {
  missingTable: (name: string) => `필수 파일 ${name}.jsonl 또는 ${name}.csv가 없습니다.`,
  noRows: (file: string) => `필수 파일 ${file}에 행이 없습니다. 한 행 이상 쓰세요.`,
  bothFormats: (name: string) => `${name}.jsonl과 ${name}.csv가 함께 있습니다. 하나만 두세요.`,
  unknownFile: (tables: string) => `알 수 없는 데이터 파일입니다. 파일 이름은 ${tables} 중 하나여야 합니다.`,
  fileTooLarge: (max: number) => `파일이 너무 큽니다 (최대 ${formatBytes(max)}).`,
  tooManyRows: (max: number) => `행이 너무 많습니다 (최대 ${groupDigits(max)}행).`,
  catalogueRows: '카탈로그 정보(catalogue)는 정확히 한 행이어야 합니다.',
  duplicate: (what: string, key: string) => `${what} '${key}'이(가) 중복되었습니다.`,
  unknownRef: (what: string, key: string) => `없는 ${what} '${key}'을(를) 가리킵니다.`,
  hotspotOutside: (x: number, y: number, maxX: number, maxY: number) =>
    `핫스팟 좌표 (${x}, ${y})가 도면 크기 (0~${maxX}, 0~${maxY})를 벗어납니다.`,
  parentLevel: (parent: string) =>
    `상위 그룹 '${parent}'이(가) 이미 하위 그룹입니다. 그룹은 2단계(서브/차일드)까지입니다.`,
  parentGroup: (parent: string, num: string) => `상위 그룹 '${parent}'은(는) 메인 그룹 '${num}'에 속하지 않습니다.`,
  leafWithoutDiagram: '하위 그룹이 없는 그룹에는 도면(diagram)이 있어야 합니다.',
  parentWithDiagram: '하위 그룹이 있는 그룹에는 도면(diagram)을 둘 수 없습니다.',
  dateRange: 'fit_from이 fit_to보다 늦습니다.',
  vinElsewhere: (vin: string, mcid: string) => `차대번호 ${vin}은(는) 이미 다른 카탈로그 '${mcid}'에 있습니다.`,
  sameNumber: '대체 부품번호가 원래 번호와 같습니다.',
  noCatalogue: '카탈로그 정보(catalogue)를 읽지 못해 나머지 검사를 할 수 없습니다.',
};

export class Problems {
  readonly list: ImportProblem[] = [];
  total = 0;
  constructor(private readonly max: number) {}
  add(file: string, line: number | null, message: string) {
    this.total++;
    if (this.list.length < this.max) this.list.push({ file, line, message });
  }
}

export function fitOf(row: {
  fit_all: string[];
  fit_any: string[];
  fit_none: string[];
  fit_from?: string | undefined;
  fit_to?: string | undefined;
}): Applicability | null {
  const fit: Applicability = {};
  if (row.fit_all.length) fit.all = row.fit_all;
  if (row.fit_any.length) fit.any = row.fit_any;
  if (row.fit_none.length) fit.none = row.fit_none;
  if (row.fit_from) fit.from = row.fit_from;
  if (row.fit_to) fit.to = row.fit_to;
  return Object.keys(fit).length ? fit : null;
}

export const json = (value: unknown): CopyValue => (value === null ? null : { json: value });
