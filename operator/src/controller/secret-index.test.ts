import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MapCache } from '../test/fakes.ts';
import { OwnedSecretIndex } from './secret-index.ts';

const secret = (namespace: string, name: string, ownerUid?: string): V1Secret => ({
  metadata: {
    namespace,
    name,
    ...(ownerUid && {
      ownerReferences: [
        { apiVersion: 'plinth.dev/v1alpha1', kind: 'S3Bucket', name: 'b', uid: ownerUid, controller: true },
      ],
    }),
  },
});

describe('OwnedSecretIndex', () => {
  it("finds an owner's Secrets in a namespace, and follows updates and deletes", () => {
    const cache = new MapCache<V1Secret>();
    const index = new OwnedSecretIndex(cache);
    const a1 = secret('ns', 'a1', 'uid-a');
    const a2 = secret('ns', 'a2', 'uid-a');
    const elsewhere = secret('other', 'a3', 'uid-a');
    for (const s of [a1, a2, elsewhere, secret('ns', 'b1', 'uid-b'), secret('ns', 'free')]) {
      cache.set(s);
      index.upsert(s);
    }
    const names = (ns: string, uid: string) =>
      index
        .ownedBy(ns, uid)
        .map((s) => s.metadata!.name)
        .sort();
    expect(names('ns', 'uid-a')).toEqual(['a1', 'a2']);
    expect(names('other', 'uid-a')).toEqual(['a3']);
    expect(names('ns', 'uid-b')).toEqual(['b1']);
    expect(names('ns', 'uid-none')).toEqual([]);

    // Its owner reference changed: indexed under the new owner only.
    index.upsert(secret('ns', 'a2', 'uid-b'));
    expect(names('ns', 'uid-a')).toEqual(['a1']);
    expect(names('ns', 'uid-b')).toEqual(['a2', 'b1']);
    // Its owner reference went.
    index.upsert(secret('ns', 'a1'));
    index.remove(elsewhere);
    expect(names('ns', 'uid-a')).toEqual([]);
    expect(names('other', 'uid-a')).toEqual([]);
    // get and list are the cache's.
    expect(index.get('free', 'ns')).toBeDefined();
    expect(index.list('ns').length).toBe(cache.list('ns').length);
  });
});
