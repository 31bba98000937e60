import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../../../src-main/mail/code-extraction/normalize.ts';
import { renderHtml, type RenderedHtml } from '../../../../src-main/mail/html-text/render-html.ts';

/** As code extraction renders: normalised text runs. */
const render = (html: string, max = 16_384): RenderedHtml =>
  renderHtml(html, { maxChars: max, mapText: normalizeText, collectHidden: true });
const visible = (html: string, max = 16_384): string => render(html, max).text;

/** The emphasised runs of the output, as text with their level. */
function emphasised(html: string): string[] {
  const { text, emphasis } = render(html);
  return emphasis.map((e) => `${e.level}:${text.slice(e.start, e.end)}`);
}

describe('renderHtml: what is dropped', () => {
  it('drops head, title, style, script, template, svg and comments', () => {
    const html = `<html><head><title>T1</title><meta charset="utf-8"><style>p{color:#123456}</style></head>
<body><script>var a = 1;</script><template><p>T2</p></template><svg><text>T3</text></svg>
<!-- T4 --><p>visible</p></body></html>`;
    expect(visible(html)).toBe('visible');
  });

  it.each([
    ['display:none', 'display:none'],
    ['display: none !important', 'display: none !important'],
    ['visibility:hidden', 'visibility:hidden'],
    ['font-size:0', 'font-size:0'],
    ['font-size:0px', 'font-size:0px'],
    ['opacity:0', 'opacity:0'],
    ['max-height:0 + overflow:hidden', 'max-height:0px;overflow:hidden'],
    ['width:0 + overflow:hidden', 'width:0;overflow:hidden'],
  ])('drops text hidden by %s', (_name, style) => {
    expect(visible(`<p>a</p><div style="${style}">secret <b>nested</b></div><p>b</p>`)).toBe(
      'a\n\nb',
    );
  });

  it('keeps text whose style only looks like hiding', () => {
    expect(visible('<p style="line-height:0;font-size:14px">a</p>')).toBe('a');
    expect(visible('<p style="max-height:0">a</p>')).toBe('a');
    expect(visible('<p style="mso-hide:all">a</p>')).toBe('a');
  });

  it('drops elements with the hidden attribute', () => {
    expect(visible('<p>a<span hidden>secret</span></p>')).toBe('a');
  });

  it('drops elements hidden by a class or id rule of the stylesheet', () => {
    const html = `<style>.preheader, #ph { display:none !important } span.ghost{font-size:0}</style>
<span class="x preheader">one</span><div id="ph">two</div><span class="ghost">three</span><p>shown</p>`;
    expect(visible(html)).toBe('shown');
  });

  it('keeps elements hidden only inside an @media rule', () => {
    const html = `<style>@media (max-width:600px){.desktop{display:none}} .a{color:red}</style>
<p class="desktop">shown on desktop</p>`;
    expect(visible(html)).toBe('shown on desktop');
  });

  it('keeps the visible text of a preheader template', () => {
    const html = `<div style="display:none;font-size:1px;color:#ffffff;max-height:0;opacity:0;overflow:hidden">preview 111111</div>
<p>Your code is 222222</p>`;
    expect(visible(html)).toBe('Your code is 222222');
  });
});

describe('renderHtml: layout', () => {
  it('turns blocks and <br> into line breaks and collapses source whitespace', () => {
    const html = `<div>  first
      line </div><p>second<br>third</p><h1>fourth</h1>`;
    expect(visible(html)).toBe('first line\n\nsecond\nthird\n\nfourth');
  });

  it('keeps at most one blank line', () => {
    expect(visible('<p>a</p><br><br><br><br><p>b</p>')).toBe('a\n\nb');
  });

  it('separates table cells with tabs and rows with line breaks', () => {
    expect(
      visible('<table><tr><td>Code</td><td>482913</td></tr><tr><td>a</td><td>b</td></tr></table>'),
    ).toBe('Code\t482913\na\tb');
  });

  it('keeps inline elements glued together', () => {
    expect(visible('<p><span>4</span><span>8</span><b>2</b>913</p>')).toBe('482913');
    expect(visible('<p>mobile<b>TAN</b> G-<b>48</b>2913</p>')).toBe('mobileTAN G-482913');
  });

  it('keeps a word and a number in neighbouring inline elements apart', () => {
    expect(visible('<p><span>Code</span><span>817263</span></p>')).toBe('Code 817263');
    expect(visible('<p><b>817263</b><span>is your code</span></p>')).toBe('817263 is your code');
    expect(visible('<p><span>رمز</span><span>817263</span></p>')).toBe('رمز 817263');
  });

  it('keeps a label and its code in neighbouring cells or blocks apart', () => {
    expect(visible('<table><tr><td>Code</td><td>817263</td></tr></table>')).toBe('Code\t817263');
    expect(visible('<table><tr><td><p>Code</p></td><td><p>817263</p></td></tr></table>')).toBe(
      'Code\n\n817263',
    );
    expect(visible('<div>Code</div><div>817263</div>')).toBe('Code\n817263');
  });

  it('decodes entities and normalises spaces and full-width digits', () => {
    expect(visible('<p>A&amp;B&nbsp;&#x41;&zwnj;C ４８２</p>')).toBe('A&B AC 482');
  });

  it('stops at the character cap', () => {
    const html = `<p>${'word '.repeat(10_000)}</p>`;
    expect(visible(html, 1_000).length).toBeLessThanOrEqual(1_000);
  });
});

describe('renderHtml: emphasis', () => {
  it.each([
    ['a big font', '<p style="font-size:32px">482913</p>', '2:482913'],
    ['a big font in points', '<p style="font-size:18pt">482913</p>', '2:482913'],
    ['letter spacing', '<p style="letter-spacing:6px">482913</p>', '2:482913'],
    ['a monospace font', '<p style="font-family:Menlo,monospace">482913</p>', '2:482913'],
    ['a code class', '<p class="otp-value">482913</p>', '2:482913'],
    [
      'a stylesheet class',
      '<style>.big{font-size:30px}</style><p class="big">482913</p>',
      '2:482913',
    ],
    ['a heading', '<h1>482913</h1>', '2:482913'],
    ['bold', '<p><b>482913</b></p>', '1:482913'],
    ['a bold weight', '<p style="font-weight:700">482913</p>', '1:482913'],
  ])('records %s', (_name, html, span) => {
    expect(emphasised(html)).toEqual([span]);
  });

  it('records nothing for plain text', () => {
    expect(emphasised('<p style="font-size:14px">482913</p>')).toEqual([]);
  });
});

describe('renderHtml: hidden text', () => {
  it('collects the text of hidden elements apart, entities decoded', () => {
    const html =
      '<div style="display:none">old &#52;82913</div><p>Your code is 551203</p>' +
      '<script>x</script><span hidden>again</span>';
    const out = render(html);
    expect(out.text).toBe('Your code is 551203');
    expect(out.hiddenText).toBe('old 482913 x again');
  });

  it('collects nothing unless asked', () => {
    expect(renderHtml('<p hidden>a</p>', { maxChars: 100 }).hiddenText).toBe('');
  });
});
