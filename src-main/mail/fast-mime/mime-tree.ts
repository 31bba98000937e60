import mailsplit from '@zone-eu/mailsplit';
import { compareBoundary, delimiterLead, mayBeDelimiter } from './boundary-line.ts';
import { isTextLeaf, MAX_DEPTH, MAX_HEADER_COST, MAX_PARTS, MAX_TAIL_LINE } from './shape.ts';

type MimeNode = InstanceType<typeof mailsplit.MimeNode>;

/**
 * One MIME part as mailparser's tree holds it. `writes` are the byte ranges mailsplit hands
 * a leaf's decoder, one write each (their split matters to the base64 decoder).
 */
export interface Part {
  readonly mime: MimeNode;
  readonly parent: Part | null;
  readonly depth: number;
  readonly children: Part[];
  /** text/plain or text/html; null for a multipart. */
  leafType: 'text/plain' | 'text/html' | null;
  inHead: boolean;
  bodyStart: number;
  readonly writes: Buffer[];
}

/**
 * The parts of a message, split line by line as mailsplit's MessageSplitter splits a message
 * written in one chunk (which is how simpleParser receives a Buffer): the same delimiter
 * matching, the same line ending given to the delimiter, the same writes. Null when the message
 * has anything the fast path does not take (see shape.ts): mailparser parses it instead.
 */
export function splitParts(raw: Buffer): Part | null {
  const root = newPart(null);
  let node = root;
  let parts = 1;
  let inEpilogue = false;
  let pos = 0;
  for (;;) {
    const lf = raw.indexOf(0x0a, pos);
    if (lf < 0) break;
    const start = pos;
    const end = lf + 1;
    pos = end;
    const delimiter = matchDelimiter(raw, start, end, node, inEpilogue);
    if (delimiter) {
      if (node.inHead) return null; // a part whose header block never ended
      if (node.leafType !== null) endBody(raw, node, start, delimiter.kind === 3);
      if (delimiter.kind === 2) continue;
      if (delimiter.kind === 4) {
        node = delimiter.owner;
        inEpilogue = true;
        continue;
      }
      const parent = delimiter.kind === 1 ? node : delimiter.owner;
      if (++parts > MAX_PARTS || parent.depth + 1 > MAX_DEPTH) return null;
      node = newPart(parent);
      parent.children.push(node);
      inEpilogue = false;
      continue;
    }
    if (node.inHead) {
      if (!addHeaderLine(raw, node, start, end)) return null;
    }
    // body lines of a leaf run on to the next delimiter; a multipart's own lines are not content
  }
  return finish(raw, node, pos, inEpilogue) ? root : null;
}

function newPart(parent: Part | null): Part {
  return {
    mime: new mailsplit.MimeNode(parent ? parent.mime : false),
    parent,
    depth: parent ? parent.depth + 1 : 0,
    children: [],
    leafType: null,
    inHead: true,
    bodyStart: 0,
    writes: [],
  };
}

/** Adds a header line; at the blank line that ends the block, decides whether the part fits. */
function addHeaderLine(raw: Buffer, node: Part, start: number, end: number): boolean {
  const endsBlock = node.mime.addHeaderChunk(raw.subarray(start, end));
  if (node.mime.headerCost() > MAX_HEADER_COST) return false;
  if (!endsBlock) return true;
  node.mime.parseHeaders();
  node.inHead = false;
  node.bodyStart = end;
  const mime = node.mime;
  if (mime.multipart) {
    return mime._boundary !== false && isMultipartTaken(mime.contentType);
  }
  const leaf = isTextLeaf(mime, node.parent === null);
  node.leafType = leaf;
  return leaf !== null;
}

function isMultipartTaken(contentType: string | false): boolean {
  return (
    contentType === 'multipart/alternative' ||
    contentType === 'multipart/mixed' ||
    contentType === 'multipart/related'
  );
}

interface Delimiter {
  kind: 1 | 2 | 3 | 4;
  owner: Part;
}

/** mailsplit's checkBoundary: the part's own boundary, then every open ancestor's. */
function matchDelimiter(
  raw: Buffer,
  start: number,
  end: number,
  node: Part,
  inEpilogue: boolean,
): Delimiter | null {
  const lead = delimiterLead(raw, start, end);
  if (!mayBeDelimiter(raw, start, end, lead)) return null;
  const own = node.mime._boundary;
  if (!inEpilogue && own) {
    const kind = compareBoundary(raw, start, end, lead, own);
    if (kind) return { kind, owner: node };
  }
  for (let owner = node.parent; owner; owner = owner.parent) {
    const boundary = owner.mime._boundary;
    if (!boundary) continue;
    const kind = compareBoundary(raw, start, end, lead, boundary);
    if (kind) return { kind: kind === 1 ? 3 : 4, owner };
  }
  return null;
}

/**
 * A leaf's body up to the delimiter line at `delimiterStart`. The line ending in front of a
 * delimiter belongs to it; a body that is nothing but that line ending still reaches the
 * decoder when the next part follows (mailsplit pushes its group then), not at a closing one.
 */
function endBody(raw: Buffer, node: Part, delimiterStart: number, nextPart: boolean): void {
  const start = node.bodyStart;
  if (delimiterStart <= start) return;
  const trimmed = trimLineEnd(raw, start, delimiterStart);
  if (trimmed > start) node.writes.push(raw.subarray(start, trimmed));
  else if (nextPart) node.writes.push(raw.subarray(start, delimiterStart));
}

/** End offset without one trailing LF or CRLF (mailsplit's trimBodyLineEnd). */
function trimLineEnd(raw: Buffer, start: number, end: number): number {
  let at = end;
  if (at > start && raw[at - 1] === 0x0a) {
    at--;
    if (at > start && raw[at - 1] === 0x0d) at--;
  }
  return at;
}

/**
 * The end of input, as the splitter's last write and flush handle it: the body lines of a leaf
 * go out (a child's without its last line ending), then whatever follows the last LF, together
 * with that line ending, is one more line: a closing delimiter or more body.
 */
function finish(raw: Buffer, node: Part, pos: number, inEpilogue: boolean): boolean {
  if (node.inHead) return false; // a header block cut off by the end of input
  let tailStart = pos;
  let pending: Buffer | null = null;
  if (node.leafType !== null && pos > node.bodyStart) {
    tailStart = node.parent ? trimLineEnd(raw, node.bodyStart, pos) : pos;
    if (tailStart > node.bodyStart) pending = raw.subarray(node.bodyStart, tailStart);
  }
  if (raw.length - tailStart > MAX_TAIL_LINE) return false; // mailsplit flushes such lines early
  const delimiter =
    raw.length > tailStart ? matchDelimiter(raw, tailStart, raw.length, node, inEpilogue) : null;
  if (pending) node.writes.push(pending);
  if (delimiter) {
    // a next-part delimiter at the very end opens a part mailsplit never reports
    return delimiter.kind === 2 || delimiter.kind === 4;
  }
  if (node.leafType !== null && raw.length > tailStart) {
    node.writes.push(raw.subarray(tailStart));
  }
  return true;
}
