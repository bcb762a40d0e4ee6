import { dirname, relative, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';
import type { ExportAllDeclaration, ExportNamedDeclaration, ImportDeclaration } from 'estree';

/**
 * An area reaches another only through that area's declared public module, `public.ts`
 * (docs/development.md "Layout"): an import from `api/src/areas/<a>/…` that resolves into
 * `api/src/areas/<b>/…`, for another `<b>`, must be `api/src/areas/<b>/public.ts`. The kernel
 * files `areas/area.ts` and `areas/index.ts` belong to no area. Tests are held to it too, except
 * suites that walk the whole API.
 */
export const areaBoundaries: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "an area imports another area only through that area's public.ts" },
    schema: [],
    messages: {
      boundary:
        '{{from}} reaches into area {{to}}: import what it offers from areas/{{to}}/public.ts (or add it there).',
    },
  },
  create(context) {
    const root = resolve(context.cwd, 'api/src/areas');
    const areaOf = (file: string) => {
      const rel = relative(root, file);
      if (rel.startsWith('..') || !rel.includes(sep)) return undefined;
      return rel.split(sep)[0];
    };
    const from = areaOf(context.filename);
    if (from === undefined) return {};
    const check = (node: ImportDeclaration | ExportNamedDeclaration | ExportAllDeclaration) => {
      const spec = node.source && typeof node.source.value === 'string' ? node.source.value : undefined;
      if (!spec?.startsWith('.')) return;
      const target = resolve(dirname(context.filename), spec);
      const to = areaOf(target);
      if (to === undefined || to === from) return;
      if (relative(resolve(root, to), target) === 'public.ts') return;
      context.report({ node, messageId: 'boundary', data: { from: `areas/${from}`, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
