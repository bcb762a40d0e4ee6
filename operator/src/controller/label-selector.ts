/**
 * Kubernetes label selectors in their string form (`kubectl -l`, `?labelSelector=`): requirements
 * separated by commas, each one of `key`, `!key`, `key=value`, `key==value`, `key!=value`,
 * `key in (a,b)` or `key notin (a,b)`. Keys and values are checked as the API server checks labels.
 * client-node has no parser; this follows apimachinery's `labels.Parse` (without `<`/`>`).
 */

export type Requirement =
  | { readonly key: string; readonly op: 'exists' | 'notexists' }
  | { readonly key: string; readonly op: 'in' | 'notin'; readonly values: readonly string[] };

export interface LabelSelector {
  readonly requirements: readonly Requirement[];
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  /** The selector as it was configured (trimmed), for messages. */
  toString(): string;
}

export class LabelSelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabelSelectorError';
  }
}

const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function checkKey(key: string): string {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    throw new LabelSelectorError(`label key "${key}": the prefix must be a DNS subdomain`);
  }
  if (name.length === 0 || name.length > 63 || !NAME.test(name)) {
    throw new LabelSelectorError(
      `label key "${key}": the name must be 1-63 characters of A-Z, a-z, 0-9, "-", "_", "." starting and ending with a letter or digit`,
    );
  }
  return key;
}

function checkValue(value: string): string {
  if (value.length > 63 || (value.length > 0 && !NAME.test(value))) {
    throw new LabelSelectorError(
      `label value "${value}": must be at most 63 characters of A-Z, a-z, 0-9, "-", "_", "." starting and ending with a letter or digit`,
    );
  }
  return value;
}

type Token = { kind: 'word'; text: string } | { kind: 'op'; text: '=' | '==' | '!=' | '!' | '(' | ')' | ',' };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '=' || c === '!') {
      if (input[i + 1] === '=') {
        tokens.push({ kind: 'op', text: c === '=' ? '==' : '!=' });
        i += 2;
      } else {
        tokens.push({ kind: 'op', text: c });
        i++;
      }
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'op', text: c });
      i++;
    } else if (c === '<' || c === '>') {
      throw new LabelSelectorError(`"${c}" is not supported; use =, ==, !=, in, notin, or a bare key`);
    } else {
      let j = i;
      while (j < input.length && !/[\s=!(),<>]/.test(input[j]!)) j++;
      tokens.push({ kind: 'word', text: input.slice(i, j) });
      i = j;
    }
  }
  return tokens;
}

/** Parses a non-empty selector; throws `LabelSelectorError` saying what is wrong. */
export function parseLabelSelector(input: string): LabelSelector {
  const source = input.trim();
  if (source === '') throw new LabelSelectorError('the selector is empty');
  const tokens = tokenize(source);
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];
  const word = (what: string): string => {
    const t = next();
    if (t?.kind !== 'word')
      throw new LabelSelectorError(`expected ${what}, found ${t ? `"${t.text}"` : 'the end'}`);
    return t.text;
  };
  const values = (): string[] => {
    if (next()?.text !== '(') throw new LabelSelectorError('expected "(" after in/notin');
    if (peek()?.text === ')') throw new LabelSelectorError('an in/notin value list must not be empty');
    const out: string[] = [];
    for (;;) {
      // An empty entry is the empty value, as in apimachinery: `in (a,)` holds "a" and "".
      const t = peek();
      out.push(checkValue(t?.kind === 'word' ? (pos++, t.text) : ''));
      const sep = next();
      if (sep?.text === ')') return [...new Set(out)];
      if (sep?.text !== ',') throw new LabelSelectorError('a value list must end with ")"');
    }
  };

  const requirements: Requirement[] = [];
  for (;;) {
    let req: Requirement;
    if (peek()?.text === '!') {
      pos++;
      req = { key: checkKey(word('a label key after "!"')), op: 'notexists' };
    } else {
      const key = checkKey(word('a label key'));
      const t = peek();
      if (t === undefined || t.text === ',') {
        req = { key, op: 'exists' };
      } else if (t.kind === 'op' && (t.text === '=' || t.text === '==' || t.text === '!=')) {
        pos++;
        const v = peek();
        const value = v?.kind === 'word' ? (pos++, v.text) : '';
        req = { key, op: t.text === '!=' ? 'notin' : 'in', values: [checkValue(value)] };
      } else if (t.kind === 'word' && (t.text === 'in' || t.text === 'notin')) {
        pos++;
        req = { key, op: t.text, values: values() };
      } else {
        throw new LabelSelectorError(`expected =, ==, !=, in or notin after "${key}", found "${t.text}"`);
      }
    }
    requirements.push(req);
    const sep = next();
    if (sep === undefined) break;
    if (sep.text !== ',')
      throw new LabelSelectorError(`expected "," between requirements, found "${sep.text}"`);
  }

  return {
    requirements,
    matches(labels) {
      const l = labels ?? {};
      return requirements.every((r) => {
        const has = Object.prototype.hasOwnProperty.call(l, r.key);
        switch (r.op) {
          case 'exists':
            return has;
          case 'notexists':
            return !has;
          case 'in':
            return has && r.values.includes(l[r.key]!);
          case 'notin':
            return !has || !r.values.includes(l[r.key]!);
        }
      });
    },
    toString: () => source,
  };
}
