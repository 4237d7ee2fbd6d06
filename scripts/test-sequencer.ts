import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the longest files took in a clean-clone CI run (docs/performance.md#ci), for a machine whose
 * Vitest cache holds no durations yet: a clean machine. There Vitest starts the largest files first,
 * and a short file of long tests (the signed-in axe audit, 2 kB) started last once set the browser
 * run's end 35 s after the other workers were done. Only the order depends on these figures; a file
 * not named here starts after them.
 */
export const KNOWN_SECONDS: Record<string, number> = {
  'e2e/a11y-signed-in.test.ts': 122,
  'e2e/a11y.test.ts': 112,
  'e2e/epc.test.ts': 101,
  'e2e/management.test.ts': 86,
  'e2e/chat.test.ts': 77,
  'e2e/management-accounts.test.ts': 69,
  'e2e/shop.test.ts': 61,
  'e2e/checkout.test.ts': 44,
  'e2e/join.test.ts': 41,
  'e2e/credit.test.ts': 39,
  'e2e/admin.test.ts': 39,
  'e2e/start-stop.test.ts': 36,
  'e2e/paperwork.test.ts': 34,
  'apps/server/test/integration/hostile-input.test.ts': 116,
  'apps/server/test/integration/hostile-load.test.ts': 68,
};

/**
 * Vitest's own order (projects by `groupOrder`; within one, slowest first by the cache's durations) for
 * a project the cache knows; for a project it knows nothing of, the files in `KNOWN_SECONDS` first,
 * longest first, then the rest as Vitest orders them (largest first).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const file = (spec: TestSpecification) => relative(root, spec.moduleId);
    const projects = [...new Set(base.map((spec) => spec.project))];
    return projects.flatMap((project) => {
      const own = base.filter((spec) => spec.project === project);
      const known = own.some((spec) => this.ctx.cache.getFileTestResults(`${project.name}:${file(spec)}`));
      if (known) return own;
      const hinted = own.filter((spec) => KNOWN_SECONDS[file(spec)] !== undefined);
      hinted.sort((a, b) => KNOWN_SECONDS[file(b)]! - KNOWN_SECONDS[file(a)]!);
      return [...hinted, ...own.filter((spec) => KNOWN_SECONDS[file(spec)] === undefined)];
    });
  }
}
