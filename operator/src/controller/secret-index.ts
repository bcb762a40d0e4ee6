import type { ObjectCache, V1Secret } from '@kubernetes/client-node';

/** The managed Secrets: the informer's cache, and those of one owner without a scan. */
export interface SecretCache extends ObjectCache<V1Secret> {
  /** The cached Secrets in `namespace` whose controller owner has this uid. */
  ownedBy(namespace: string, ownerUid: string): V1Secret[];
}

const keyOf = (s: V1Secret) => `${s.metadata?.namespace ?? ''}/${s.metadata?.name ?? ''}`;
const controllerUid = (s: V1Secret) => s.metadata?.ownerReferences?.find((r) => r.controller === true)?.uid;

/**
 * An index of the Secret cache by controller owner, kept from the informer's events (a relist
 * sends deletes for what went, so it stays whole). Finding a bucket's Secrets is then a lookup,
 * not a scan of its namespace: with thousands of S3Buckets in one namespace, that scan on every
 * pass made a mass creation quadratic.
 */
export class OwnedSecretIndex implements SecretCache {
  readonly #cache: ObjectCache<V1Secret>;
  /** owner uid → Secret key → Secret */
  readonly #byOwner = new Map<string, Map<string, V1Secret>>();
  /** Secret key → the owner uid it is indexed under */
  readonly #ownerOf = new Map<string, string>();

  constructor(cache: ObjectCache<V1Secret>) {
    this.#cache = cache;
  }

  get(name: string, namespace?: string): V1Secret | undefined {
    return this.#cache.get(name, namespace);
  }

  list(namespace?: string): readonly V1Secret[] {
    return this.#cache.list(namespace);
  }

  ownedBy(namespace: string, ownerUid: string): V1Secret[] {
    return [...(this.#byOwner.get(ownerUid)?.values() ?? [])].filter(
      (s) => s.metadata?.namespace === namespace,
    );
  }

  /** For the informer's add and update events. */
  readonly upsert = (s: V1Secret): void => {
    this.remove(s);
    const uid = controllerUid(s);
    if (!uid) return;
    const key = keyOf(s);
    let owned = this.#byOwner.get(uid);
    if (!owned) this.#byOwner.set(uid, (owned = new Map<string, V1Secret>()));
    owned.set(key, s);
    this.#ownerOf.set(key, uid);
  };

  /** For the informer's delete events. */
  readonly remove = (s: V1Secret): void => {
    const key = keyOf(s);
    const uid = this.#ownerOf.get(key);
    if (uid === undefined) return;
    this.#ownerOf.delete(key);
    const owned = this.#byOwner.get(uid);
    owned?.delete(key);
    if (owned?.size === 0) this.#byOwner.delete(uid);
  };
}
