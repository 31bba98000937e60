/** How strongly the HTML presents a run of text: 1 = bold or heading, 2 = big, spaced or "code". */
export type EmphasisLevel = 1 | 2;

/** A half-open range `[start, end)` of the rendered text drawn with emphasis. */
export interface EmphasisSpan {
  start: number;
  end: number;
  level: EmphasisLevel;
}
