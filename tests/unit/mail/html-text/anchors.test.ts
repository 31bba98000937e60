import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../../../src-main/mail/html-text/render-html.ts';
import { MAX_ANCHORS } from '../../../../src-main/mail/html-text/anchors.ts';

const anchorsOf = (html: string) => renderHtml(html, { maxChars: 16_384, collectAnchors: true });

describe('renderHtml: the anchors it rendered', () => {
  it('reports each link with its visible text, decoded href and place in the text', () => {
    const r = anchorsOf(
      '<p>Hello <a href="https://x.example/a?b=1&amp;c=2">Confirm <b>now</b></a></p>',
    );
    expect(r.text).toBe('Hello Confirm now');
    expect(r.anchors).toEqual([
      {
        href: 'https://x.example/a?b=1&c=2',
        text: 'Confirm now',
        hidden: false,
        start: 6,
        end: 17,
      },
    ]);
  });

  it('marks links inside hidden elements as hidden, by inline CSS or a <style> class rule', () => {
    const r = anchorsOf(
      '<style>.pre{display:none}</style><div class="pre"><a href="https://x.example/1">one</a></div>' +
        '<span style="display:none"><a href="https://x.example/2">two</a></span><a href="https://x.example/3">three</a>',
    );
    expect(r.anchors.map((a) => [a.text, a.hidden])).toEqual([
      ['one', true],
      ['two', true],
      ['three', false],
    ]);
    expect(r.text).toBe('three');
  });

  it("uses an image's alt as the text of an image link", () => {
    const r = anchorsOf('<a href="https://x.example/v"><img src="b.png" alt="Verify email"></a>');
    expect(r.anchors[0]?.text).toBe('Verify email');
  });

  it('reports nothing unless asked; an anchor without href has href "" (its text is no link)', () => {
    expect(renderHtml('<a href="https://x.example">x</a>', { maxChars: 100 }).anchors).toEqual([]);
    expect(anchorsOf('<a name="top">x</a>').anchors).toMatchObject([{ href: '', text: 'x' }]);
  });

  it(`keeps at most ${MAX_ANCHORS} anchors`, () => {
    const r = anchorsOf('<a href="https://x.example/p">p</a>'.repeat(MAX_ANCHORS + 50));
    expect(r.anchors.length).toBe(MAX_ANCHORS);
  });
});
