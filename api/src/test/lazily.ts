/**
 * An object that stands for the one `get()` returns, looked up on each use: what a suite makes in
 * `beforeAll` can be handed to its body when it is described, and used as itself in hooks and tests.
 */
export function lazily<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    has: (_, key) => Reflect.has(get(), key),
  });
}
