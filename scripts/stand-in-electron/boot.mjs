// Starts a packaged app's Electron main bundle under plain Node with the stand-in `electron`
// module (scripts/package-check.mjs puts it in the app's node_modules):
//
//   node boot.mjs <resources>/app <arguments a launcher would pass…>
//
// The process then looks like a packaged Electron main process: argv is [executable, …args]
// (no script path), process.type is "browser", process.resourcesPath is the app's parent.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [appDir, ...args] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
process.argv = [process.execPath, ...args];
process.resourcesPath = path.dirname(appDir);
Object.defineProperty(process, 'type', { value: 'browser', enumerable: true });
process.env.EPHEMERA_STAND_IN_APP = appDir;
await import(pathToFileURL(path.join(appDir, pkg.main ?? 'index.js')).href);
