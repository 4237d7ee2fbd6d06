import { MSG } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { ok } from '../../shared/http.js';
import { readMallConfig } from './service.js';

export function mallRoutes(app: Api, ctx: AppContext) {
  route(app, 'getMallConfig', async (_req, reply) => {
    const config = await readMallConfig(ctx.db);
    if (!config) return reply.status(503).send({ code: 400, message: MSG.configUnavailable });
    // demo: the web app shows the '데모 상점' banner on every page (docs/operations.md#modes).
    return ok({ ...config, demo: ctx.config.demo });
  });
}
