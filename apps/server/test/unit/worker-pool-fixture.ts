/** A worker for worker-pool.test.ts: tasks that answer, wait, throw, never end, or eat memory. */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveTasks } from '../../src/shared/worker-pool.js';

export type FixtureTask =
  | { op: 'echo'; value: string }
  | { op: 'wait'; ms: number; value: string }
  | { op: 'throw' }
  | { op: 'spin' }
  | { op: 'hog' }
  | { op: 'priority' };

serveTasks<FixtureTask, string>(parentPort!, async (task) => {
  switch (task.op) {
    case 'echo':
      return { value: `${task.value}@${threadId}` };
    case 'wait':
      await sleep(task.ms);
      return { value: task.value };
    case 'priority':
      return { value: String(os.getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()))) };
    case 'throw':
      throw Object.assign(new Error('refused input'), { name: 'FixtureInputError' });
    case 'spin':
      for (;;);
    case 'hog': {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
    }
  }
});
