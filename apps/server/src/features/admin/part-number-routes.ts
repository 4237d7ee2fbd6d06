import { MSG_PART_ADMIN } from '@partsmall/contract';
import { requireStaff, type Api, type AppContext } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import {
  deleteSynonym,
  deleteXref,
  importXrefs,
  listSynonyms,
  listXrefs,
  saveSynonym,
  saveXref,
} from './part-numbers.js';

/** The back office's part-number cross-reference and name-search synonyms (docs/search.md#part-numbers). */
export function partNumberAdminRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const staffId = (req: Parameters<typeof requireStaff>[0]) => requireStaff(req).member.id;

  route(app, 'adminXrefList', async (req) => {
    const { results, total } = await listXrefs(db, req.body);
    return ok(results, undefined, total);
  });
  route(app, 'adminSaveXref', async (req) =>
    created(await saveXref(db, staffId(req), req.body), MSG_PART_ADMIN.xrefSaved),
  );
  route(app, 'adminDeleteXref', async (req) => {
    await deleteXref(db, staffId(req), req.body.seq);
    return created(undefined, MSG_PART_ADMIN.xrefRemoved);
  });
  route(app, 'adminImportXrefs', async (req) => {
    const result = await importXrefs(db, staffId(req), req.body);
    return result.committed ? created(result, MSG_PART_ADMIN.xrefImported(result.rows.length)) : ok(result);
  });
  route(app, 'adminSynonymList', async () => ok(await listSynonyms(db)));
  route(app, 'adminSaveSynonym', async (req) =>
    created(await saveSynonym(db, staffId(req), req.body), MSG_PART_ADMIN.synonymSaved),
  );
  route(app, 'adminDeleteSynonym', async (req) => {
    await deleteSynonym(db, staffId(req), req.body.seq);
    return created(undefined, MSG_PART_ADMIN.synonymRemoved);
  });
}
