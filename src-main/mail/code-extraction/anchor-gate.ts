/**
 * Which of fixed groups of anchors (lower-case fragments) a text opens: a group is open when
 * the text holds one of its anchors, `group.some((a) => text.includes(a))`, answered without
 * calling `includes` for most anchors. One pass over the text marks every pair of neighbouring
 * characters in a bit table; an anchor with a pair that is not marked cannot be in the text.
 * Only the anchors whose pairs are all marked (and those of one character) are looked for with
 * `includes`. A hash collision can only let an absent anchor through to `includes`, never hide
 * a present one, so the answers are exact.
 */

const TABLE_BITS = 4096;

/** Distinct for two lower-case ASCII letters (131 > 26); any spread will do for the rest. */
const pairHash = (a: number, b: number): number => (a * 131 + b) & (TABLE_BITS - 1);

export class AnchorGate {
  /** The pair hashes of every anchor, one after another; anchor `i` owns `[ends[i-1], ends[i])`. */
  private readonly hashes: Int32Array;
  private readonly ends: Int32Array;
  private readonly ascii: Uint8Array;
  private readonly table = new Int32Array(TABLE_BITS / 32);
  /** 1 where the text given to `reset` holds the anchor (of the distinct `anchors`). */
  private readonly present: Uint8Array;
  private readonly anchors: readonly string[];
  /** The anchor ids of the groups, one after another; group `g` ends at `groupEnds[g]`. */
  private readonly groupIds: Int32Array;
  private readonly groupEnds: Int32Array;
  /** 1 where the text given to `reset` opens the group. */
  readonly open: Uint8Array;

  constructor(groups: readonly (readonly string[])[]) {
    const anchors = [...new Set(groups.flat())];
    this.anchors = anchors;
    this.groupIds = Int32Array.from(groups.flat(), (a) => anchors.indexOf(a));
    this.groupEnds = new Int32Array(groups.length);
    let end = 0;
    groups.forEach((g, i) => (this.groupEnds[i] = end += g.length));
    this.open = new Uint8Array(groups.length);
    const all: number[] = [];
    this.ends = new Int32Array(anchors.length);
    this.ascii = new Uint8Array(anchors.length);
    anchors.forEach((a, i) => {
      for (let k = 1; k < a.length; k++) all.push(pairHash(a.charCodeAt(k - 1), a.charCodeAt(k)));
      this.ends[i] = all.length;
      this.ascii[i] = [...a].every((ch) => ch.charCodeAt(0) < 0x80) ? 1 : 0;
    });
    this.hashes = Int32Array.from(all);
    this.present = new Uint8Array(anchors.length);
  }

  /** Fills `open` for `text`. */
  reset(text: string): void {
    const table = this.table;
    table.fill(0);
    let prev = text.length > 0 ? text.charCodeAt(0) : 0;
    let high = prev;
    for (let i = 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      high |= c;
      const h = pairHash(prev, c);
      table[h >>> 5] = (table[h >>> 5] as number) | (1 << (h & 31));
      prev = c;
    }
    // A character outside ASCII in an anchor cannot be in an ASCII-only text.
    const asciiText = high < 0x80;
    const { hashes, ends, ascii, present, anchors } = this;
    let from = 0;
    for (let id = 0; id < anchors.length; id++) {
      const to = ends[id] as number;
      let possible = !asciiText || ascii[id] === 1;
      for (let k = from; possible && k < to; k++) {
        const h = hashes[k] as number;
        possible = ((table[h >>> 5] as number) & (1 << (h & 31))) !== 0;
      }
      present[id] = possible && text.includes(anchors[id] as string) ? 1 : 0;
      from = to;
    }
    const { groupIds, groupEnds, open } = this;
    let k = 0;
    for (let g = 0; g < groupEnds.length; g++) {
      const end = groupEnds[g] as number;
      let isOpen = 0;
      for (; k < end; k++) if (present[groupIds[k] as number] === 1) isOpen = 1;
      open[g] = isOpen;
    }
  }
}
