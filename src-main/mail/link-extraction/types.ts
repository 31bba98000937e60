/** One link of a mail that might be the one to open. */
export interface LinkCandidate {
  /** The URL as written (entities decoded, brackets dropped, line breaks rejoined). */
  url: string;
  /** What the link says: the anchor text, or the label before a URL in plain text. */
  label: string;
  /** The text just before it (the sentence that introduces a button or a URL). */
  context: string;
  /**
   * Shown as something to press: an HTML link whose text is a short label (not a URL), or a
   * plain-text URL alone on its line.
   */
  button: boolean;
  /** Right after the previous link of the same part with no words between (a button pair). */
  paired: boolean;
  /** Where it was found; the earlier of equal candidates wins. */
  source: 'html' | 'text';
  order: number;
}
