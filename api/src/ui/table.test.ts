import { describe, expect, it } from 'vitest';
import { html } from './html.ts';
import { fieldRow, table } from './table.ts';

describe('table', () => {
  it('labels each cell with its column for the phone layout, and leaves spanning cells alone', () => {
    const out = table({
      id: 't',
      head: ['Name', false, { label: 'Size', num: true }, html`<span class="muted">Action</span>`],
      rows: [
        html`<tr data-x="1">
          <td>${'a<b'}</td>
          <td class="num">1</td>
          <td><a href="/x">Revoke</a></td>
        </tr>`,
        html`<tr>
          <td colspan="3">None</td>
        </tr>`,
      ],
    }).value;
    expect(out).toContain('class="cards"');
    expect(out).toContain('<td data-label="Name">a&lt;b</td>');
    expect(out).toContain('<td data-label="Size" class="num">1</td>');
    expect(out).toContain('<td data-label="Action"><a href="/x">Revoke</a></td>');
    expect(out).toContain('<td colspan="3">None</td>');
  });

  it('keeps tables of fields and of two columns as they are', () => {
    expect(table({ rows: [fieldRow('Name', 'a')] }).value).not.toContain('data-label');
    const two = table({
      head: ['A', 'B'],
      rows: [
        html`<tr>
          <td>1</td>
          <td>2</td>
        </tr>`,
      ],
    }).value;
    expect(two).not.toContain('cards');
    expect(two).not.toContain('data-label');
  });
});
