import DOMPurify from 'dompurify';
import { filterDeclarations, filterStylesheet } from './mail-css.ts';
import { isFollowableLink, RemotePolicy } from './mail-urls.ts';

/** A mail's HTML made safe to show: its CSS, its body, and how many remote references it had. */
export interface SanitisedMail {
  /** The `<style>` blocks of the mail's head, filtered. */
  css: string;
  /** The body's own inline style, filtered (mail often sets its background there). */
  bodyStyle: string;
  body: string;
  /** Remote images, backgrounds and fonts found; kept only when allowed. */
  remote: number;
}

// Anything that runs code, loads another document, submits data or changes how the frame's
// URLs resolve. `style` stays (filtered below); SVG and MathML are not allowed at all.
const FORBID_TAGS = [
  'script',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'fencedframe',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'dialog',
];
const FORBID_ATTR = ['action', 'formaction', 'ping', 'lowsrc', 'dynsrc', 'autofocus'];
const RESOURCE_ATTRS = ['src', 'background', 'poster'];

const purify = DOMPurify();

/** The candidates of a srcset, split as browsers do (a data: URL may itself hold commas). */
function srcsetCandidates(value: string): { url: string; descriptor: string }[] {
  const out: { url: string; descriptor: string }[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i] ?? '')) i += 1;
    const start = i;
    while (i < value.length && !/\s/.test(value[i] ?? '')) i += 1;
    let url = value.slice(start, i);
    if (!url) break;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const end = value.indexOf(',', i);
      descriptor = value.slice(i, end === -1 ? value.length : end).trim();
      i = end === -1 ? value.length : end + 1;
    }
    out.push({ url, descriptor });
  }
  return out;
}

function filterSrcset(value: string, policy: RemotePolicy): string | null {
  const kept: string[] = [];
  for (const { url, descriptor } of srcsetCandidates(value)) {
    const keep = policy.keep(url);
    if (keep === null) return null;
    kept.push(descriptor ? `${keep} ${descriptor}` : keep);
  }
  return kept.length > 0 ? kept.join(', ') : null;
}

function filterElement(el: Element, policy: RemotePolicy): void {
  for (const name of RESOURCE_ATTRS) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    const keep = policy.keep(value);
    if (keep === null) el.removeAttribute(name);
    else el.setAttribute(name, keep);
  }
  const srcset = el.getAttribute('srcset');
  if (srcset !== null) {
    const keep = filterSrcset(srcset, policy);
    if (keep === null) el.removeAttribute('srcset');
    else el.setAttribute('srcset', keep);
  }
  if (el.hasAttribute('style') && el instanceof HTMLElement) {
    filterDeclarations(el.style, policy);
    const css = el.style.cssText;
    if (css) el.setAttribute('style', css);
    else el.removeAttribute('style');
  }
  if (el.hasAttribute('href')) {
    if (el.localName === 'a' || el.localName === 'area') {
      const href = el.getAttribute('href') ?? '';
      if (isFollowableLink(href)) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      } else if (!href.startsWith('#')) {
        el.removeAttribute('href');
      }
    } else {
      el.removeAttribute('href');
    }
  }
}

/**
 * CSS text goes back inside a `<style>` element, whose content ends at the first `</style`. A
 * serialised string may hold one (`content: "</style><img src=…>"`), so `<` is written as the
 * CSS escape `\3c `, which means the same character to the CSS parser and nothing to HTML.
 */
export function escapeForStyleElement(css: string): string {
  return css.replace(/</g, '\\3c ');
}

/**
 * Sanitises a mail's HTML with DOMPurify (parsed by the browser into an inert document: nothing
 * loads or runs while this works), then applies the remote-content policy to every URL an
 * element or its CSS would fetch. Runs in the renderer, which has a DOM; the result is shown in a
 * sandboxed frame with its own CSP, so this is the first of two independent fences.
 */
export function sanitiseMail(html: string, allowRemote: boolean): SanitisedMail {
  const policy = new RemotePolicy(allowRemote);
  const root: Node = purify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
  });
  if (!(root instanceof Element)) return { css: '', bodyStyle: '', body: '', remote: 0 };
  const head = root.querySelector('head');
  const body = root.querySelector('body');
  for (const el of Array.from(root.querySelectorAll('*'))) filterElement(el, policy);
  for (const style of Array.from(root.querySelectorAll('style'))) {
    const css = filterStylesheet(style.textContent ?? '', policy);
    if (css === null) style.remove();
    else style.textContent = escapeForStyleElement(css);
  }
  const css = head
    ? Array.from(head.querySelectorAll('style'), (s) => s.textContent ?? '').join('\n')
    : '';
  return {
    css,
    bodyStyle: body?.getAttribute('style') ?? '',
    body: body?.innerHTML ?? '',
    remote: policy.remote,
  };
}
