export interface HeapItem {
  dueAt: number;
  /** Set by the heap on push: equal due times come out in push order. */
  seq?: number;
}

/** Whether `a` comes out before `b`. */
function before(a: HeapItem, b: HeapItem): boolean {
  return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq! < b.seq!);
}

/**
 * A binary min-heap on `dueAt`: the scheduler's one structure of what runs next, so 1,000
 * endpoints need one timer (for the earliest) instead of 1,000 intervals. Push and pop are
 * O(log n); items are the callers' own objects, moved in place, nothing allocated per operation.
 */
export class MinHeap<T extends HeapItem> {
  readonly #items: T[] = [];
  #seq = 0;

  get size(): number {
    return this.#items.length;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const a = this.#items;
    item.seq = this.#seq++;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(item, a[parent]!)) break;
      a[i] = a[parent]!;
      i = parent;
    }
    a[i] = item;
  }

  pop(): T | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= a.length) break;
      const right = left + 1;
      const child = right < a.length && before(a[right]!, a[left]!) ? right : left;
      if (!before(a[child]!, last)) break;
      a[i] = a[child]!;
      i = child;
    }
    a[i] = last;
    return top;
  }
}
