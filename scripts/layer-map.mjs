// The layer map of the source folders, read from the one table in docs/ARCHITECTURE.md (the
// lines after `<!-- layer-map -->`). eslint.config.js (rule local/layer-imports) and
// tests/unit/architecture/import-map.test.ts both use it, so the map is written once.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs/ARCHITECTURE.md');
const MARKER = '<!-- layer-map -->';

/** `a, b` or `—` → the names in a table cell. */
function names(cell) {
  return cell
    .replace(/`/g, '')
    .split(/[,\s]+/)
    .filter((name) => name !== '' && name !== '—' && name !== '-');
}

/**
 * The table as layers: each with its folders (`dir/` = everything under it, `dir/*.ts` = the
 * files directly in it, `dir/file.ts` = that file) and the layers it may import besides
 * itself. `name-*` in the last column stands for every layer whose name starts with `name-`
 * (the rooms of one service, e.g. `mail-*`).
 * @param {string} [markdown]
 */
export function parseLayerMap(markdown = fs.readFileSync(DOC, 'utf8')) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === MARKER);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no ${MARKER} table`);
  const rows = [];
  for (const line of lines.slice(start + 1).map((l) => l.trim())) {
    if (line === '' && rows.length === 0) continue;
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  const layers = rows.slice(2).map(([name = '', folders = '', mayImport = '']) => ({
    name,
    folders: names(folders),
    mayImport: names(mayImport),
  }));
  const known = layers.map((l) => l.name);
  for (const layer of layers) {
    layer.mayImport = layer.mayImport.flatMap((other) => {
      const matches = other.endsWith('-*')
        ? known.filter((name) => name.startsWith(other.slice(0, -1)))
        : known.filter((name) => name === other);
      if (matches.length === 0) throw new Error(`layer ${layer.name} may import unknown ${other}`);
      return matches;
    });
  }
  return layers;
}

const LAYERS = parseLayerMap();

/** Does `relPath` (from the repository root, `/`-separated) fall under `folder`? */
function inFolder(relPath, folder) {
  if (folder.endsWith('/*.ts')) {
    const dir = folder.slice(0, -'*.ts'.length);
    return relPath.startsWith(dir) && !relPath.slice(dir.length).includes('/');
  }
  return relPath.startsWith(folder);
}

/**
 * The layer of a file (path from the repository root), or null outside every layer. The
 * longest matching folder wins.
 * @param {string} relPath
 */
export function layerOf(relPath) {
  const posix = relPath.split(path.sep).join('/');
  let best = null;
  let bestLength = -1;
  for (const layer of LAYERS) {
    for (const folder of layer.folders) {
      if (inFolder(posix, folder) && folder.length > bestLength) {
        best = layer.name;
        bestLength = folder.length;
      }
    }
  }
  return best;
}

/**
 * May code in layer `from` import code in layer `to`?
 * @param {string} from
 * @param {string} to
 */
export function mayImport(from, to) {
  if (from === to) return true;
  const layer = LAYERS.find((l) => l.name === from);
  return layer !== undefined && layer.mayImport.includes(to);
}

/**
 * The layer rule for a relative import `specifier` in `file` (absolute): null when it is
 * allowed, else the reason. Package imports are not layers (no-restricted-imports handles them).
 * @param {string} file
 * @param {string} specifier
 */
export function layerViolation(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const from = layerOf(path.relative(ROOT, file));
  const to = layerOf(path.relative(ROOT, path.resolve(path.dirname(file), specifier)));
  if (from === null || to === null || mayImport(from, to)) return null;
  return `Layer ${from} may not import ${to} (docs/ARCHITECTURE.md, layer map).`;
}

/** ESLint rule: every relative import, re-export and import() obeys the layer map. */
export const layerImportsRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = layerViolation(context.filename, source.value);
      if (message !== null) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
