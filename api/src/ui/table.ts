import { Html, html } from './html.ts';

/** A column's header cell: its label (text or markup), and whether it holds numbers (aligned right). */
export type Column = string | Html | { readonly label: string | Html; readonly num: true };

const headerCell = (c: Column): Html =>
  typeof c === 'string' || c instanceof Html
    ? html`<th scope="col">${c}</th>`
    : html`<th scope="col" class="num">${c.label}</th>`;

/**
 * A table as every page shows one: in a box that scrolls on a narrow screen, with header cells
 * for its columns (a column that is `false` is left out: one shown to some viewers only), a
 * caption for screen readers when given, and the rows the page makes (`<tr>…</tr>`). Without
 * `head`, a table whose rows carry their own header cells ({@link fieldRow}).
 */
export function table(t: {
  readonly id?: string;
  readonly caption?: string;
  readonly head?: readonly (Column | false)[];
  readonly rows: readonly Html[];
}): Html {
  return html`<div class="scroll">
    <table ${t.id ? html`id="${t.id}"` : ''}>
      ${
        t.caption
          ? html`<caption class="visually-hidden">
              ${t.caption}
            </caption>`
          : ''
      }
      ${
        t.head
          ? html`<thead>
              <tr>
                ${t.head.filter((c): c is Column => c !== false).map(headerCell)}
              </tr>
            </thead>`
          : ''
      }
      <tbody>
        ${t.rows}
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
