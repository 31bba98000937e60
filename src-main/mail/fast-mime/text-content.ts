import { bodyText } from './body-text.ts';
import type { Part } from './mime-tree.ts';

/** The text and html mailparser's getTextContent builds, before simpleParser's last steps. */
export interface TextContent {
  text: string | undefined;
  html: string | undefined;
}

/**
 * mailparser's getTextContent with skipHtmlToText and skipTextToHtml, over a tree of inline
 * text parts: every non-empty part in tree order; an HTML part outside multipart/alternative
 * adds an empty text when the message has plain text too (or is that HTML alone), a plain part
 * outside one adds an empty html when the message has HTML. Text joins with "\n", html with
 * "<br/>\n".
 */
export function textContent(root: Part): TextContent {
  const leaves: Part[] = [];
  collectLeaves(root, leaves);
  const hasText = leaves.some((p) => p.leafType === 'text/plain');
  const hasHtml = leaves.some((p) => p.leafType === 'text/html');
  const text: string[] = [];
  const html: string[] = [];
  const visit = (part: Part, inAlternative: boolean): void => {
    if (part.leafType !== null) {
      const content = bodyText(part.writes, part.mime.encoding, part.mime.charset);
      if (content === '') return;
      if (part.leafType === 'text/plain') {
        text.push(content);
        if (!inAlternative && hasHtml) html.push('');
      } else {
        if ((!inAlternative && hasText) || (part.parent === null && !hasText)) text.push('');
        html.push(content);
      }
      return;
    }
    const alternative = inAlternative || part.mime.contentType === 'multipart/alternative';
    for (const child of part.children) visit(child, alternative);
  };
  visit(root, false);
  return {
    text: text.length ? text.join('\n') : undefined,
    html: html.length ? html.join('<br/>\n') : undefined,
  };
}

function collectLeaves(part: Part, into: Part[]): void {
  if (part.leafType !== null) into.push(part);
  for (const child of part.children) collectLeaves(child, into);
}
