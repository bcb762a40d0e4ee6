import { appendFileSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromJobThread, ToJobThread } from '../core/jobs/thread.ts';

/**
 * A job thread for core/jobs/thread.test.ts: counts its starts in `workerData.file`, ends with
 * code 1 on its first start, then answers metrics with its start number and ends when told to stop.
 */
const { file } = workerData as { file: string };
appendFileSync(file, 'x');
const start = readFileSync(file, 'utf8').length;
if (start === 1) process.exit(1);
parentPort!.on('message', (m: ToJobThread) => {
  if (m.type === 'metrics')
    parentPort!.postMessage({ type: 'metrics', id: m.id, text: `start ${start}` } satisfies FromJobThread);
  else parentPort!.close();
});
