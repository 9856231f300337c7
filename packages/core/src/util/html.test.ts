import { describe, expect, it } from 'vitest';
import { html } from './html.js';

describe('html', () => {
  it('escapes every interpolated value, text and attributes alike', () => {
    const hostile = `"><script>alert('x')</script>&`;
    expect(html`<p title="${hostile}">${hostile}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it('keeps nested html as is and renders nothing for null, undefined and false', () => {
    const inner = html`<b>${'a<b'}</b>`;
    expect(html`<p>${inner}${null}${undefined}${false}${[html`<i>1</i>`, 2]}</p>`.value).toBe(
      '<p><b>a&lt;b</b><i>1</i>2</p>',
    );
  });
});
