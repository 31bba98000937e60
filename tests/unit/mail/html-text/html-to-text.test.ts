import { describe, expect, it } from 'vitest';
import {
  htmlToText,
  MAX_HTML_TO_RENDER,
} from '../../../../src-main/mail/html-text/html-to-text.ts';

describe('htmlToText', () => {
  it('keeps visible text, one line per block, entities decoded', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body>' +
      '<h1>Welcome&nbsp;back</h1><p>Your code is <b>482913</b> &amp; expires soon.</p>' +
      '<script>alert(1)</script><div>Line<br>two</div></body></html>';
    expect(htmlToText(html)).toBe(
      'Welcome back\n\nYour code is 482913 & expires soon.\n\nLine\ntwo',
    );
  });

  it('survives broken markup', () => {
    expect(htmlToText('<p>open <b>bold <i>never closed')).toBe('open bold never closed');
    expect(htmlToText('')).toBe('');
  });

  it('renders only the first MiB of a huge body', () => {
    const html = `<p>${'a'.repeat(MAX_HTML_TO_RENDER)}</p><p>TAIL</p>`;
    const text = htmlToText(html);
    expect(text).not.toContain('TAIL');
    expect(text.length).toBeLessThanOrEqual(MAX_HTML_TO_RENDER);
  });
});

describe('htmlToText: layout', () => {
  it('puts table cells in tab-separated columns, rows on lines, a blank line after the table', () => {
    const html = '<table><tr><td>Code</td><td>817263</td></tr></table><p>Ignore if not you.</p>';
    expect(htmlToText(html)).toBe('Code\t817263\n\nIgnore if not you.');
    expect(
      htmlToText(
        '<table><tr><th>Item</th><th>Qty</th></tr><tr><td>Pen</td><td>2</td></tr></table>',
      ),
    ).toBe('Item\tQty\nPen\t2');
  });

  it('renders a table nested in a layout table cell as its own rows', () => {
    const html = `<table width="100%"><tr><td align="center">
      <table><tr><td>Hello</td></tr></table>
      <table><tr><td>Name</td><td>Ada</td></tr><tr><td>Code</td><td>4829</td></tr></table>
    </td><td>side</td></tr></table>`;
    expect(htmlToText(html)).toBe('Hello\n\nName\tAda\nCode\t4829\n\nside');
  });

  it('bullets and numbers list items, nested lists indented', () => {
    const html =
      '<p>Steps:</p><ol><li>Open the app</li><li>Enter the code<ul><li>six digits</li>' +
      '<li>no spaces</li></ul></li></ol><ol start="7"><li>seventh</li></ol><ul><li></li><li>x</li></ul>';
    expect(htmlToText(html)).toBe(
      'Steps:\n\n1. Open the app\n2. Enter the code\n  • six digits\n  • no spaces\n\n7. seventh\n\n• x',
    );
  });

  it('turns <br> into a line break, two into a blank line', () => {
    expect(htmlToText('a<br>b<br/><br>c<br><br><br><br>d')).toBe('a\nb\n\nc\n\nd');
  });

  it('drops hidden elements, scripts, styles and templates', () => {
    const html = `<!doctype html><html><head><title>Subject</title>
      <style>.pre{display:none}</style><script>var code = 111111;</script></head><body>
      <div class="pre">preview 222222</div>
      <span style="display:none !important">333333</span>
      <span style="visibility:hidden">444444</span><span hidden>555555</span>
      <div style="max-height:0;overflow:hidden">666666</div>
      <span style="opacity:0">777777</span><span style="font-size:0">888888</span>
      <template><p>999999</p></template><noscript>enable JS</noscript>
      <p>shown</p></body></html>`;
    expect(htmlToText(html)).toBe('shown');
  });

  it('decodes entities and keeps the text as sent (no digit normalisation)', () => {
    expect(htmlToText('<p>A&amp;B &lt;b&gt; &euro;5 &#8364;6 &#x41;&nbsp;&nbsp;x ４８２</p>')).toBe(
      'A&B <b> €5 €6 A x ４８２',
    );
  });

  it('keeps link text without the URL', () => {
    expect(htmlToText('<p>Or <a href="https://example.com/v?t=482913">verify here</a>.</p>')).toBe(
      'Or verify here.',
    );
  });

  it('keeps <pre> whitespace', () => {
    expect(htmlToText('<p>Run:</p><pre>  npm ci\n  npm test</pre>')).toBe(
      'Run:\n\n  npm ci\n  npm test',
    );
  });

  it('renders a newsletter-like mail as a reader sees it', () => {
    const html = `<html><head><style>
      .preheader { display:none !important; max-height:0; overflow:hidden }
      @media (max-width:600px) { .col { display:block !important } }
    </style></head><body style="margin:0">
    <span class="preheader">This week: 3 new features &zwnj;&nbsp;&zwnj;&nbsp;</span>
    <table role="presentation" width="100%"><tr><td align="center">
      <table role="presentation" width="600">
        <tr><td><img src="cid:logo" alt="Acme"></td><td align="right"><a href="https://acme.test/web">View in browser</a></td></tr>
        <tr><td colspan="2"><h1>Acme Weekly</h1>
          <p>Hi Ada,</p>
          <p>Here is what is new:</p>
          <ul><li><b>Dark mode</b> for everyone</li><li>Faster sync</li></ul>
          <p><a href="https://acme.test/blog" style="background:#06f;padding:12px">Read more</a></p>
        </td></tr>
        <tr><td colspan="2" style="font-size:12px;color:#999">
          Acme Inc., 1 Main St<br>You receive this because you signed up.
          <a href="https://acme.test/unsub">Unsubscribe</a>
        </td></tr>
      </table>
    </td></tr></table></body></html>`;
    expect(htmlToText(html)).toBe(
      [
        'View in browser',
        '',
        'Acme Weekly',
        '',
        'Hi Ada,',
        '',
        'Here is what is new:',
        '',
        '• Dark mode for everyone',
        '• Faster sync',
        '',
        'Read more',
        '',
        'Acme Inc., 1 Main St',
        'You receive this because you signed up. Unsubscribe',
      ].join('\n'),
    );
  });
});
