import type { RemotePolicy } from './mail-urls.ts';

/**
 * CSS from a mail, filtered by the browser's own CSS parser rather than by pattern matching: the
 * parser decodes escapes (`\75 rl(`), drops what it does not understand and serialises every URL
 * as `url("…")`, so what is checked is exactly what the frame would load.
 */

// Functions that make a declaration fetch something: its URLs are checked one by one.
const LOADS = /(?:url|image-set|image|cross-fade|src)\(/i;
const URL_TOKEN = /url\(\s*"((?:[^"\\]|\\.)*)"\s*\)|url\(\s*([^)"'\s]*)\s*\)/gi;
const STRING_TOKEN = /"((?:[^"\\]|\\.)*)"/g;

function unescapeCss(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

/** Every URL a declaration value would load: url() arguments and image-set()'s bare strings. */
function urlsIn(value: string): string[] {
  const urls: string[] = [];
  for (const m of value.matchAll(URL_TOKEN)) urls.push(unescapeCss(m[1] ?? m[2] ?? ''));
  if (/image-set\(|image\(|cross-fade\(/i.test(value)) {
    const withoutUrls = value.replace(URL_TOKEN, '');
    for (const m of withoutUrls.matchAll(STRING_TOKEN)) urls.push(unescapeCss(m[1] ?? ''));
  }
  return urls;
}

/** Removes each declaration that would load something the policy does not keep. */
export function filterDeclarations(style: CSSStyleDeclaration, policy: RemotePolicy): void {
  const names: string[] = [];
  for (let i = 0; i < style.length; i += 1) names.push(style.item(i));
  for (const name of names) {
    const value = style.getPropertyValue(name);
    if (!LOADS.test(value)) continue;
    const urls = urlsIn(value);
    // A loading function whose URL we could not read is dropped: fail closed.
    const kept = urls.length > 0 && urls.every((url) => policy.keep(url) !== null);
    if (!kept) style.removeProperty(name);
  }
}

interface RuleLike {
  cssText: string;
  style?: CSSStyleDeclaration;
  cssRules?: CSSRuleList;
}

function filterRules(rules: CSSRuleList, policy: RemotePolicy): void {
  for (const rule of Array.from(rules) as RuleLike[]) {
    if (rule.style) filterDeclarations(rule.style, policy);
    if (rule.cssRules) filterRules(rule.cssRules, policy);
  }
}

/**
 * A `<style>` block re-serialised after filtering. `@import` never survives (a constructed
 * sheet ignores it). Null when this browser cannot parse a sheet on its own: the block is then
 * dropped rather than passed through unchecked.
 */
export function filterStylesheet(text: string, policy: RemotePolicy): string | null {
  let sheet: CSSStyleSheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
  } catch {
    return null;
  }
  filterRules(sheet.cssRules, policy);
  return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
}
