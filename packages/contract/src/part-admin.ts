import { z } from 'zod';
import { answerOf, pageAnswerOf } from './envelope.js';
import { MSG } from './messages.js';
import { listKeyword, pageNumber, pageSize, rowId } from './page-fields.js';
import { plainText, textField } from './text-field.js';

/**
 * Back-office calls of the shop's part-number cross-reference and of the name-search synonyms
 * (docs/search.md#part-numbers, docs/search.md#korean-name-search).
 */
const int = z.number().int();

export const MSG_PART_ADMIN = {
  pid: '품번을 영문·숫자로 50자 이내로 입력하세요.',
  kind: '관계는 supersedes(대체) 또는 interchangeable(호환)만 됩니다.',
  remark: '비고는 200자 이내로 입력하세요.',
  duplicate: '같은 관계가 이미 있습니다.',
  notFound: '관계를 찾을 수 없습니다.',
  csvEmpty: 'CSV 내용이 없습니다.',
  csvNoRows: 'CSV 파일에 호환품번 관계 행이 없습니다.',
  csvTooManyLines: (max: number) => `CSV는 ${max}줄까지 가져올 수 있습니다.`,
  csvHeader: 'CSV 첫 줄은 pid,toPid,kind,remark 이어야 합니다.',
  csvBroken: 'CSV 형식이 올바르지 않습니다 (따옴표나 열 개수를 확인하세요).',
  lineOf: (file: string, line: number, message: string) => `${file} ${line}행: ${message}`,
  synonymTerms: '동의어는 한 묶음에 2~20개, 각 30자 이내로 입력하세요.',
  synonymNotFound: '동의어 묶음을 찾을 수 없습니다.',
  /** Names the kind saved: a supersession is a 대체품번 relation, not a 호환품번 one. */
  xrefSaved: (kind: 'supersedes' | 'interchangeable') =>
    kind === 'supersedes' ? '대체품번 관계를 저장했습니다.' : '호환품번 관계를 저장했습니다.',
  /** Names the kind removed, as xrefSaved does. */
  xrefRemoved: (kind: 'supersedes' | 'interchangeable') =>
    kind === 'supersedes' ? '대체품번 관계를 지웠습니다.' : '호환품번 관계를 지웠습니다.',
  xrefImported: (n: number) => `호환품번 관계 ${n}건을 가져왔습니다.`,
  synonymSaved: '동의어를 저장했습니다.',
  synonymRemoved: '동의어 묶음을 지웠습니다.',
} as const;

/** At most this many lines in one cross-reference CSV. */
export const XREF_CSV_MAX_LINES = 20_000;
export const XREF_CSV_COLUMNS = ['pid', 'toPid', 'kind', 'remark'] as const;

const pid = textField(1, 50, MSG_PART_ADMIN.pid);
/** The kind as staff write it: the English word or the Korean one of the screen. */
export const xrefKind = z.preprocess(
  (v) => (v === '대체' ? 'supersedes' : v === '호환' ? 'interchangeable' : v),
  z.enum(['supersedes', 'interchangeable'], { error: MSG_PART_ADMIN.kind }),
);
const remark = plainText(z.string().trim().max(200, MSG_PART_ADMIN.remark)).default('');
const page = pageNumber();
// A larger size is served as 100 rows, as the back office's other lists serve it.
const size = pageSize(50);

export const xrefFields = z.object({ pid, toPid: pid, kind: xrefKind, remark });
export type XrefFields = z.output<typeof xrefFields>;
export const xrefListRequest = z.object({ keyword: listKeyword(), page, size });
export const xrefRow = z.object({
  seq: int,
  pid: z.string(),
  toPid: z.string(),
  kind: z.enum(['supersedes', 'interchangeable']),
  remark: z.string(),
  createdBy: z.string(),
  created: z.string(),
});
export type XrefRow = z.infer<typeof xrefRow>;
export const xrefPageAnswer = pageAnswerOf(xrefRow);
export const xrefAnswer = answerOf(xrefRow);
export const xrefSeqRequest = z.object({ seq: rowId(MSG.selectXref) });

export const importXrefsRequest = z.object({
  /** The file's name, named in each refusal ('xref.csv 12행: …'). */
  fileName: plainText(z.string().trim().min(1).max(200)).default('CSV'),
  csv: z.string().min(1, MSG_PART_ADMIN.csvEmpty).max(4_000_000, MSG_PART_ADMIN.csvTooManyLines(XREF_CSV_MAX_LINES)),
  commit: z.boolean().default(false),
});
export const importXrefsAnswer = answerOf(
  z.object({
    committed: z.boolean(),
    rows: z.array(
      z.object({ line: int, pid: z.string(), toPid: z.string(), kind: z.string(), action: z.enum(['create', 'same']) }),
    ),
    errors: z.array(z.object({ line: int, message: z.string() })),
  }),
);
export type ImportXrefsResult = NonNullable<z.infer<typeof importXrefsAnswer>['results']>;

const term = textField(1, 30, MSG_PART_ADMIN.synonymTerms);
const synonymSeq = rowId(MSG.selectSynonym);
export const synonymSeqRequest = z.object({ seq: synonymSeq });
export const saveSynonymRequest = z.object({
  seq: synonymSeq.optional(),
  terms: z
    .array(term, { error: MSG_PART_ADMIN.synonymTerms })
    .min(2, MSG_PART_ADMIN.synonymTerms)
    .max(20, MSG_PART_ADMIN.synonymTerms),
});
export const synonymGroup = z.object({ seq: int, terms: z.array(z.string()) });
export type SynonymGroup = z.infer<typeof synonymGroup>;
export const synonymListAnswer = answerOf(z.array(synonymGroup));
export const synonymAnswer = answerOf(synonymGroup);
