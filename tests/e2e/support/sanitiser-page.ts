import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';

const MAIL = path.resolve(import.meta.dirname, '../../../src-renderer/features/mail');

/** What the sanitiser made of one mail, read back through the browser's own parser. */
export interface Inspected {
  body: string;
  css: string;
  bodyStyle: string;
  remote: number;
  /** Every element of the sanitised body: its tag and attributes. */
  elements: { tag: string; attrs: Record<string, string> }[];
}

let bundle: Promise<string> | null = null;

/**
 * The renderer's sanitiser (DOMPurify plus the remote-content policy) bundled for a blank page,
 * so it runs in the same Chromium the web UI runs in: its HTML parser is the one that matters for
 * mutation tricks, which a Node DOM imitation would not reproduce.
 */
export async function loadSanitiser(page: Page): Promise<void> {
  bundle ??= build({
    stdin: {
      contents: `export { sanitiseMail } from './mail-sanitise.ts';
export { mailDocument, mailCsp } from './mail-document.ts';`,
      resolveDir: MAIL,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'mailSanitiser',
    platform: 'browser',
    write: false,
  }).then((out) => out.outputFiles[0]?.text ?? '');
  await page.setContent('<!doctype html><html><head></head><body></body></html>');
  await page.addScriptTag({ content: await bundle });
}

interface SanitiserGlobal {
  mailSanitiser: {
    sanitiseMail: (
      html: string,
      allow: boolean,
    ) => { body: string; css: string; bodyStyle: string; remote: number };
    mailDocument: (html: string, allow: boolean) => { srcdoc: string; remote: number };
    mailCsp: (allow: boolean) => string;
  };
}

/** Sanitises `html` in the page and lists what came out. */
export function sanitiseIn(page: Page, html: string, allowRemote = false): Promise<Inspected> {
  return page.evaluate(
    ([input, allow]) => {
      const g = window as unknown as SanitiserGlobal;
      const out = g.mailSanitiser.sanitiseMail(input, allow);
      const doc = new DOMParser().parseFromString(
        `<!doctype html><body>${out.body}</body>`,
        'text/html',
      );
      const elements = Array.from(doc.body.querySelectorAll('*'), (el) => ({
        tag: el.localName,
        attrs: Object.fromEntries(Array.from(el.attributes, (a) => [a.name, a.value])),
      }));
      return { ...out, elements };
    },
    [html, allowRemote] as const,
  );
}

/** The whole srcdoc the frame would get. */
export function documentIn(
  page: Page,
  html: string,
  allowRemote = false,
): Promise<{ srcdoc: string; remote: number }> {
  return page.evaluate(
    ([input, allow]) =>
      (window as unknown as SanitiserGlobal).mailSanitiser.mailDocument(input, allow),
    [html, allowRemote] as const,
  );
}
