import { MSG_HEALTH } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { AppError, ok } from '../../shared/http.js';
import { newestApplied, newestMigration } from './migrations.js';

/**
 * For a load balancer or orchestrator: /healthz says the process is alive (restart it if not);
 * /readyz says it can serve (send it traffic only then): the database answers with this build's
 * migrations applied, and Redis answers when REDIS_URL is set. A stopping process answers 503 from
 * the moment it is asked to stop, while it still serves what reaches it (shared/drain.ts).
 */
export function healthRoutes(app: Api, ctx: AppContext) {
  const newest = newestMigration();
  route(app, 'healthz', async () => ok({ process: 'ok' as const }, MSG_HEALTH.alive));

  route(app, 'readyz', async (req) => {
    if (ctx.drain.draining) throw new AppError(503, `${MSG_HEALTH.notReady}: stopping`);
    const failed: string[] = [];
    const timeout = <T>(p: Promise<T>) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
    const [database, redis] = await Promise.all([
      timeout(newestApplied(ctx.db)).then(
        (applied) => (applied >= newest ? 'ok' : 'migrations'),
        (err: unknown) => {
          req.log.warn({ err }, 'readyz: database check failed');
          return 'database';
        },
      ),
      timeout(ctx.realtime.ping()).then(
        (r) => r,
        () => 'redis',
      ),
    ]);
    if (database !== 'ok') failed.push(database);
    if (redis !== 'ok' && redis !== 'off') failed.push('redis');
    if (failed.length > 0) throw new AppError(503, `${MSG_HEALTH.notReady}: ${failed.join(', ')}`);
    return ok({ database: 'ok' as const, migrations: 'ok' as const, redis: redis as 'ok' | 'off' }, MSG_HEALTH.ready);
  });
}
