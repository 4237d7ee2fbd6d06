/** A worker for worker-pool.test.ts whose code takes 1.5 s to load, as a busy machine can make it. */
import { parentPort, threadId } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveTasks } from '../../src/shared/worker-pool.js';
import type { FixtureTask } from './worker-pool-fixture.js';

await sleep(1500);

serveTasks<FixtureTask, string>(parentPort!, async (task) => {
  if (task.op === 'spin') for (;;);
  return { value: `${task.op}@${threadId}` };
});
