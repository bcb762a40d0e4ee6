/** Runs `loadAtRate`'s requests (http.ts) on this thread's own event loop and posts the figures. */
import { parentPort, workerData } from 'node:worker_threads';
import { pacedLoad } from './http.ts';
import type { PacedOptions } from './http.ts';

const { name, url, pid, opts } = workerData as { name: string; url: string; pid: number; opts: PacedOptions };
parentPort!.postMessage(await pacedLoad(name, url, pid, opts));
