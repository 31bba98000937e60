import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../../src-main/mail/html-text/html-to-text.ts';
import { renderMail } from '../../../../src-main/mail/html-text/mail-rendering.ts';
import {
  MAX_DEPTH,
  MAX_STEPS,
  RenderBudget,
} from '../../../../src-main/mail/html-text/render-budget.ts';
import { renderHtml } from '../../../../src-main/mail/html-text/render-html.ts';
import { strippedText } from '../../../../src-main/mail/html-text/stripped-text.ts';

const render = (html: string, budget?: RenderBudget) =>
  renderHtml(html, { maxChars: 1 << 20, budget });

describe('renderHtml: the budget', () => {
  it('stops at the depth bound of 100,000 nested div/span, where that nesting starts to go deeper', () => {
    const head = '<p>Hello</p>';
    const html = `${head}${'<div><span>'.repeat(100_000)}Your code is 482913`;
    const r = render(html);
    expect(r.cut).toBe('depth');
    expect(r.text).toBe('Hello');
    // Stopped at the element one past the bound: nothing after it was read.
    expect(r.readTo).toBe(head.length + '<div><span>'.length * (MAX_DEPTH / 2));
  });

  it('markup at the depth bound renders in full', () => {
    const html = `${'<div>'.repeat(MAX_DEPTH)}deep${'</div>'.repeat(MAX_DEPTH)}`;
    expect(render(html)).toMatchObject({ cut: null, text: 'deep', readTo: html.length });
  });

  it('stops after MAX_STEPS parser events, however flat the markup', () => {
    const html = '<b>x</b> '.repeat(MAX_STEPS);
    const r = render(html);
    expect(r.cut).toBe('steps');
    expect(r.readTo).toBeLessThan(html.length);
    // Four events each (open, text, close, the space): twelve read three of them.
    expect(render('<b>x</b> '.repeat(10), new RenderBudget(MAX_DEPTH, 12))).toMatchObject({
      cut: 'steps',
      text: 'x x x',
    });
  });

  it('an ordinary mail is not cut', () => {
    const html = '<table><tr><td><p>Your code: <b>482913</b></p></td></tr></table>'.repeat(500);
    expect(render(html).cut).toBeNull();
  });
});

describe('strippedText: what is left to read past the budget', () => {
  it('keeps the words of the text, drops markup, styles, scripts and comments, decodes entities', () => {
    const html =
      '<div><style>.a{color:red}</style><script>var x = 1;</script><!-- note -->' +
      '<p>Your&nbsp;code</p><td>is</td><b>48</b><b>29</b> &amp; more<br/>done';
    expect(strippedText(html, 1000)).toBe('Your code is 48 29 & more done');
  });

  it('is cut to maxChars, and reads one pass whatever the nesting', () => {
    expect(strippedText(`${'<div><span>'.repeat(100_000)}abc def`, 5)).toBe('abc d');
    expect(strippedText('<p>a</p>', 0)).toBe('');
  });
});

describe('the fallback past the budget', () => {
  const html = `<p>Hello</p>${'<div><span>'.repeat(100_000)}<p>Your code is 482913</p>`;

  it("htmlToText: what was rendered, then the rest's stripped text on its own line", () => {
    expect(htmlToText(html)).toBe('Hello\nYour code is 482913');
  });

  it('the shared rendering appends the stripped rest only when the mail has no text part', () => {
    expect(renderMail({ text: null, html })).toMatchObject({
      cut: 'depth',
      text: 'Hello\nYour code is 482913',
    });
    expect(renderMail({ text: 'Your code is 482913', html })).toMatchObject({
      cut: 'depth',
      text: 'Hello',
    });
  });
});
