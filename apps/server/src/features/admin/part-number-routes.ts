import { MSG_PART_ADMIN } from '@partsmall/contract';
import { requireStaffId, type Api, type AppContext } from '../../shared/context.js';
import { created, ok, okPage } from '../../shared/http.js';
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

  route(app, 'adminXrefList', async (req) => okPage(await listXrefs(db, req.body)));
  route(app, 'adminSaveXref', async (req) => {
    const saved = await saveXref(db, requireStaffId(req), req.body);
    return created(saved, MSG_PART_ADMIN.xrefSaved(saved.kind));
  });
  route(app, 'adminDeleteXref', async (req) => {
    const kind = await deleteXref(db, requireStaffId(req), req.body.seq);
    return created(undefined, MSG_PART_ADMIN.xrefRemoved(kind));
  });
  route(app, 'adminImportXrefs', async (req) => {
    // The message counts the relations written: a repeated or stored line adds none.
    const { added, ...result } = await importXrefs(db, requireStaffId(req), req.body);
    return result.committed ? created(result, MSG_PART_ADMIN.xrefImported(added)) : ok(result);
  });
  route(app, 'adminSynonymList', async () => ok(await listSynonyms(db)));
  route(app, 'adminSaveSynonym', async (req) =>
    created(await saveSynonym(db, requireStaffId(req), req.body), MSG_PART_ADMIN.synonymSaved),
  );
  route(app, 'adminDeleteSynonym', async (req) => {
    await deleteSynonym(db, requireStaffId(req), req.body.seq);
    return created(undefined, MSG_PART_ADMIN.synonymRemoved);
  });
}
