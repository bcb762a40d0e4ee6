import { backgroundWork } from '../areas/area.ts';
import { AREAS } from '../areas/index.ts';
import type { World } from './world.ts';

/** The areas' background work (job runners, pools, schedules) on a world's database and runtimes, started. */
export function startBackgroundWork(w: World): ReturnType<typeof backgroundWork> {
  const work = backgroundWork(AREAS, {
    db: w.db,
    audit: w.env.audit,
    storage: w.env.storage,
    runs: w.env.runs,
    events: w.env.events,
    logger: w.env.logs.logger,
  });
  work.start();
  return work;
}
