import {
  ADMIN_CALLS as C,
  MSG_PART_ADMIN,
  adminWriteAnswer,
  importXrefsAnswer,
  importXrefsRequest,
  saveSynonymRequest,
  synonymAnswer,
  synonymListAnswer,
  xrefAnswer,
  xrefFields,
  xrefListRequest,
  xrefPageAnswer,
  xrefSeqRequest,
} from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { requireStaff, type Api, type AppContext } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { deleteSynonym, deleteXref, importXrefs, listSynonyms, listXrefs, saveSynonym, saveXref } from './part-numbers.js';

/** The back office's part-number cross-reference and name-search synonyms (issue 22). */
export function partNumberAdminRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const tags = ['admin'];
  const access = (call: keyof typeof C) => ({ access: C[call].role });
  const staffId = (req: Parameters<typeof requireStaff>[0]) => requireStaff(req).member.id;

  app.post(C.xrefList.path, { config: access('xrefList'), schema: { tags, summary: '품번 교차참조 목록', body: xrefListRequest, response: answers(xrefPageAnswer) } }, async (req) => {
    const { results, total } = await listXrefs(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.saveXref.path, { config: access('saveXref'), schema: { tags, summary: '품번 교차참조 추가', body: xrefFields, response: answers(xrefAnswer) } }, async (req) =>
    created(await saveXref(db, staffId(req), req.body), MSG_PART_ADMIN.xrefSaved),
  );
  app.post(C.deleteXref.path, { config: access('deleteXref'), schema: { tags, summary: '품번 교차참조 삭제', body: xrefSeqRequest, response: answers(adminWriteAnswer) } }, async (req) => {
    await deleteXref(db, staffId(req), req.body.seq);
    return created(undefined, MSG_PART_ADMIN.xrefRemoved);
  });
  app.post(C.importXrefs.path, { config: access('importXrefs'), schema: { tags, summary: '품번 교차참조 CSV 가져오기 (미리보기)', body: importXrefsRequest, response: answers(importXrefsAnswer) } }, async (req) => {
    const result = await importXrefs(db, staffId(req), req.body);
    return result.committed ? created(result, MSG_PART_ADMIN.xrefImported(result.rows.length)) : ok(result);
  });
  app.post(C.synonymList.path, { config: access('synonymList'), schema: { tags, summary: '검색 동의어 목록', response: answers(synonymListAnswer) } }, async () => ok(await listSynonyms(db)));
  app.post(C.saveSynonym.path, { config: access('saveSynonym'), schema: { tags, summary: '검색 동의어 저장', body: saveSynonymRequest, response: answers(synonymAnswer) } }, async (req) =>
    created(await saveSynonym(db, staffId(req), req.body), MSG_PART_ADMIN.synonymSaved),
  );
  app.post(C.deleteSynonym.path, { config: access('deleteSynonym'), schema: { tags, summary: '검색 동의어 묶음 삭제', body: xrefSeqRequest, response: answers(adminWriteAnswer) } }, async (req) => {
    await deleteSynonym(db, staffId(req), req.body.seq);
    return created(undefined, MSG_PART_ADMIN.synonymRemoved);
  });
}
