import { ListWatch, Watch } from '@kubernetes/client-node';
import type {
  KubeConfig,
  KubernetesListObject,
  KubernetesObject,
  ObjectCache,
} from '@kubernetes/client-node';
import type { Logger } from 'pino';
import { errorMessage } from './errors.ts';

export interface InformerOptions<T extends KubernetesObject> {
  /** For logs and metrics: `s3buckets`, `secrets`, `namespaces`. */
  name: string;
  kubeConfig: KubeConfig;
  /** The collection's URL path, e.g. `/api/v1/secrets`. */
  path: string;
  /** Lists the collection with the same selector as the watch. */
  list: () => Promise<KubernetesListObject<T>>;
  labelSelector?: string;
  logger: Logger;
  onRestart?: () => void;
  /**
   * Drops more of each object before it is cached, beyond what every informer drops
   * ({@link slimObject}): only what reconciliation reads should stay.
   */
  slim?: (obj: T) => void;
  restartBaseMs?: number;
  restartMaxMs?: number;
}

export type ObjectHandler<T> = (obj: T) => void;

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * What no reconcile reads and every object carries: `managedFields` (a few kilobytes per object
 * once several managers wrote it) and kubectl's copy of the last applied manifest. Dropped before
 * caching, so that the cache grows with the fleet's size, not with its history.
 */
export function slimObject(obj: KubernetesObject): void {
  const meta = obj.metadata;
  if (!meta) return;
  delete meta.managedFields;
  if (meta.annotations && LAST_APPLIED in meta.annotations) {
    delete meta.annotations[LAST_APPLIED];
    if (Object.keys(meta.annotations).length === 0) delete meta.annotations;
  }
}

/** A watch whose objects are slimmed before the informer sees them. */
class SlimWatch<T extends KubernetesObject> extends Watch {
  private readonly slim: (obj: T) => void;

  constructor(kc: KubeConfig, slim: (obj: T) => void) {
    super(kc);
    this.slim = slim;
  }

  override watch(
    path: string,
    queryParams: Record<string, string | number | boolean | undefined>,
    callback: (phase: string, apiObj: unknown, watchObj?: unknown) => void,
    done: (err: unknown) => void,
  ): Promise<AbortController> {
    return super.watch(
      path,
      queryParams,
      (phase, apiObj: unknown, watchObj?: unknown) => {
        // BOOKMARK and ERROR carry no object to cache (an ERROR's is a Status).
        if ((phase === 'ADDED' || phase === 'MODIFIED' || phase === 'DELETED') && apiObj) {
          this.slim(apiObj as T);
        }
        callback(phase, apiObj, watchObj);
      },
      done,
    );
  }
}

/**
 * A list-and-watch cache of one collection that keeps itself running. client-node's informer
 * reconnects on its own after a clean close or a 30 s quiet period (its watch has an inactivity
 * timeout, which doubles as stall detection), but stops for good on any other error (a failed
 * list, a 5xx, a dropped connection). Here every error schedules a restart with capped backoff,
 * resuming from the last resource version (a 410 makes it list again).
 */
export class Informer<T extends KubernetesObject> {
  readonly cache: ObjectCache<T>;
  private readonly inner: ListWatch<T>;
  private readonly opts: InformerOptions<T>;
  private synced = false;
  private stopped = false;
  private restartDelayMs: number;
  private restartTimer: NodeJS.Timeout | undefined;
  private syncWaiters: (() => void)[] = [];

  constructor(opts: InformerOptions<T>) {
    this.opts = opts;
    const slim = (obj: T) => {
      slimObject(obj);
      opts.slim?.(obj);
    };
    this.inner = new ListWatch<T>(
      opts.path,
      new SlimWatch<T>(opts.kubeConfig, slim),
      async () => {
        const list = await opts.list();
        for (const item of list.items) slim(item);
        return list;
      },
      false,
      opts.labelSelector,
    );
    this.cache = this.inner;
    this.restartDelayMs = opts.restartBaseMs ?? 1000;
    this.inner.on('error', (err: unknown) => this.onError(err));
    this.inner.on('connect', () => {
      // A watch (re)connected after a successful list: the cache is complete.
      if (this.inner.latestResourceVersion() !== '') this.markSynced();
    });
  }

  onAdd(handler: ObjectHandler<T>): void {
    this.inner.on('add', handler);
  }
  onUpdate(handler: ObjectHandler<T>): void {
    this.inner.on('update', handler);
  }
  onDelete(handler: ObjectHandler<T>): void {
    this.inner.on('delete', handler);
  }

  hasSynced(): boolean {
    return this.synced;
  }

  /** Starts listing and watching; resolves once the first list has filled the cache. */
  async start(): Promise<void> {
    this.stopped = false;
    const synced = new Promise<void>((resolve) => {
      if (this.synced) resolve();
      else this.syncWaiters.push(resolve);
    });
    await this.inner.start();
    if (this.inner.latestResourceVersion() !== '') this.markSynced();
    await synced;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    await this.inner.stop();
    for (const wake of this.syncWaiters.splice(0)) wake();
  }

  private markSynced(): void {
    this.restartDelayMs = this.opts.restartBaseMs ?? 1000;
    if (this.synced) return;
    this.synced = true;
    for (const wake of this.syncWaiters.splice(0)) wake();
  }

  private onError(err: unknown): void {
    if (this.stopped) return;
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, this.opts.restartMaxMs ?? 30_000);
    this.opts.logger.warn(
      { informer: this.opts.name, err: errorMessage(err), retryInMs: delay },
      'watch failed; restarting',
    );
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.stopped) return;
      this.opts.onRestart?.();
      this.inner.start().then(
        () => {
          if (this.inner.latestResourceVersion() !== '') this.markSynced();
        },
        (e: unknown) => this.onError(e),
      );
    }, delay);
    this.restartTimer.unref();
  }
}
