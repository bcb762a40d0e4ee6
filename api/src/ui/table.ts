import { second } from './format.ts';
import { escapeHtml, Html, html } from './html.ts';

/** A column's header cell: its label (text or markup), and whether it holds numbers (aligned right). */
export type Column = string | Html | { readonly label: string | Html; readonly num: true };

const headerCell = (c: Column): Html =>
  typeof c === 'string' || c instanceof Html
    ? html`<th scope="col">${c}</th>`
    : html`<th scope="col" class="num">${c.label}</th>`;

/** A column's label as text, escaped for an attribute (markup labels lose their tags). */
function labelOf(c: Column): string {
  const label = typeof c === 'string' || c instanceof Html ? c : c.label;
  return label instanceof Html
    ? label.value
        .replace(/<[^>]*>/g, '')
        .replaceAll('"', '&quot;')
        .trim()
    : escapeHtml(label);
}

/**
 * Each cell of the rows gets its column's label as `data-label`, which the narrow layout shows
 * beside the value (a card per row). The rows are our own escaped markup, so a `<td`/`<th` can
 * only be a tag; a cell spanning columns, or with a label of its own, is left as it is.
 */
function labelCells(rows: readonly Html[], labels: readonly string[]): Html[] {
  return rows.map((row) => {
    let i = 0;
    return new Html(
      row.value.replace(/<tr\b|<(td|th)\b([^>]*)>/g, (tag: string, cell?: string, attrs: string = '') => {
        if (!cell) {
          i = 0;
          return tag;
        }
        const span = Number(/\bcolspan="(\d+)"/.exec(attrs)?.[1] ?? 1);
        const label = labels[i];
        i += span;
        if (span > 1 || !label || /\bdata-label=/.test(attrs)) return tag;
        return `<${cell} data-label="${label}"${attrs}>`;
      }),
    );
  });
}

/**
 * A table as every page shows one: in a box that scrolls on a narrow screen, with header cells
 * for its columns (a column that is `false` is left out: one shown to some viewers only), a
 * caption for screen readers when given, and the rows the page makes (`<tr>…</tr>`). Without
 * `head`, a table whose rows carry their own header cells ({@link fieldRow}). A table of three
 * columns or more is laid out as a card per row on a phone (`cards: false` keeps the grid).
 */
export function table(t: {
  readonly id?: string;
  readonly caption?: string;
  readonly head?: readonly (Column | false)[];
  readonly rows: readonly Html[];
  readonly cards?: boolean;
}): Html {
  const head = t.head?.filter((c): c is Column => c !== false);
  const cards = head !== undefined && (t.cards ?? head.length > 2);
  return html`<div class="scroll">
    <table ${t.id ? html`id="${t.id}"` : ''} ${cards ? html`class="cards"` : ''}>
      ${
        t.caption
          ? html`<caption class="visually-hidden">
              ${t.caption}
            </caption>`
          : ''
      }
      ${
        head
          ? html`<thead>
              <tr>
                ${head.map(headerCell)}
              </tr>
            </thead>`
          : ''
      }
      <tbody>
        ${cards ? labelCells(t.rows, head.map(labelOf)) : t.rows}
      </tbody>
    </table>
  </div>`;
}

/** A row of a table of fields: its name as the row's header cell, then its value (`id`: the cell's). */
export function fieldRow(label: string, value: Html | string, id?: string): Html {
  return html`<tr>
    <th scope="row">${label}</th>
    <td ${id ? html`id="${id}"` : ''}>${value}</td>
  </tr>`;
}

/**
 * A row's link to act on it (Revoke, Remove…): screen readers hear what it acts on too (`what`,
 * visually hidden), as the link stands among many alike.
 */
export const rowLink = (href: string, action: string, what: string): Html =>
  html`<a href="${href}">${action}<span class="visually-hidden"> ${what}</span></a>`;

/** A time to the second (UTC, said once by the page), on one line, the full ISO time on hover. */
export const timeCell = (iso: string | null, none = '–'): Html =>
  iso ? html`<time class="nowrap" datetime="${iso}" title="${iso}">${second(iso)}</time>` : html`${none}`;

/** A list's pages: previous and next links around "Page n of m (count noun)", when there are several. */
export function pager(p: {
  readonly page: number;
  readonly count: number;
  readonly pageSize: number;
  readonly noun: string;
  readonly href: (page: number) => string;
}): Html {
  const pages = Math.max(1, Math.ceil(p.count / p.pageSize));
  if (pages <= 1) return html``;
  return html`<nav class="actions" aria-label="Pages">
    ${p.page > 1 ? html`<a href="${p.href(p.page - 1)}" rel="prev">Previous page</a>` : ''}
    <span class="muted">Page ${p.page} of ${pages} (${p.count} ${p.noun})</span>
    ${p.page < pages ? html`<a href="${p.href(p.page + 1)}" rel="next">Next page</a>` : ''}
  </nav>`;
}
