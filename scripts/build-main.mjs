// Bundles the Node entry points (headless start and CLI) into dist/main with esbuild, so
// `npm start` runs plain JavaScript: no TypeScript loader thread in the running app, and the
// same output the desktop build packages (options in build-options.mjs).
// The Electron main process is one more entry there (package.json "main"); its preload is built
// on its own as CommonJS, because a sandboxed preload cannot be an ES module.
import { build } from 'esbuild';
import { mainBuild, preloadBuild, workerBuild } from './build-options.mjs';

await Promise.all([build(mainBuild), build(workerBuild), build(preloadBuild)]);
