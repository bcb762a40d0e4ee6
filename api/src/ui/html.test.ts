import { describe, expect, it } from 'vitest';
import { html } from './html.ts';

describe('html', () => {
  it('escapes interpolated strings, lists and attributes, and keeps nested html', () => {
    const name = `<script>alert("x")</script>'&`;
    const out = html`<p title="${name}">${name}${[html`<b>${'<i>'}</b>`, 1]}${null}${false}</p>`.value;
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;<b>&lt;i&gt;</b>1</p>',
    );
  });
});
