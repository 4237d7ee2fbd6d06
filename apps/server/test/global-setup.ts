import { dropTemplates, makeTemplates, TEMPLATE_ENV, templatesFromEnv } from './template-databases.js';

/**
 * Vitest's global setup for the projects that start servers (integration and browser): the
 * run's template databases (test/template-databases.ts), made once on the PostgreSQL server
 * TEST_DATABASE_URL names and dropped at the end. Both projects name this file; the second finds
 * the templates already in the environment and leaves them to the first.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || templatesFromEnv()) return undefined;
  const started = Date.now();
  const templates = await makeTemplates(serverUrl);
  process.env[TEMPLATE_ENV.migrated] = templates.migrated;
  process.env[TEMPLATE_ENV.seeded] = templates.seeded;
  process.env[TEMPLATE_ENV.uploads] = templates.uploads;
  console.log(`test database templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return async () => {
    const dropping = Date.now();
    const dropped = await dropTemplates(serverUrl, templates);
    console.log(
      `${dropped} test databases and the templates dropped in ${((Date.now() - dropping) / 1000).toFixed(1)} s`,
    );
    for (const name of Object.values(TEMPLATE_ENV)) delete process.env[name];
  };
}
