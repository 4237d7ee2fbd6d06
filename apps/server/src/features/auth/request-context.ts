import type { Db } from '../../db/client.js';
import { installAccessControl, type Api } from '../../shared/context.js';
import { bearerToken, resolveSession } from './sessions.js';

/**
 * The request context: `request.auth` is the session, its member and the member's company, read in
 * one prepared query from the bearer token (null without a valid token). Requests without a token
 * (visitors on the public calls) pass without a promise or a query.
 */
export function installRequestContext(app: Api, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return done();
    resolveSession(db, token).then((auth) => {
      request.auth = auth;
      done();
    }, done);
  });
  installAccessControl(app);
}
