import { CONFIG_OPTIONS } from '../app/config.ts';

type OptionName = keyof typeof CONFIG_OPTIONS;

const OPTIONS: ReadonlyMap<string, 'string' | 'boolean'> = new Map(
  (Object.keys(CONFIG_OPTIONS) as OptionName[]).map((name) => [name, CONFIG_OPTIONS[name].type]),
);

/**
 * The arguments meant for Ephemera, from everything on the desktop entry's command line.
 *
 * Launchers, the OS and Chromium add arguments of their own: Chromium switches
 * (`--ozone-platform-hint=auto`, `--lang=de`), macOS's `-psn_…` and `-NS… value` pairs, a file
 * or URL from "Open with", a `%U` a desktop file left unexpanded, the app folder under
 * `electron .`. Refusing them would make the app unstartable for reasons the user cannot see,
 * so only Ephemera's own options (config.ts, CONFIG_OPTIONS) are kept, as `--name value` or
 * `--name=value`, and everything else is dropped. A bad value of our own option still reaches
 * loadConfig, which explains it. The headless CLI (start.ts) stays strict.
 */
export function desktopArgs(argv: readonly string[]): string[] {
  const kept: string[] = [];
  // argv[0] is the executable; the app folder (electron .) is a positional and is dropped.
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      const type = OPTIONS.get(name);
      if (type === undefined) continue;
      kept.push(arg);
      const next = args[i + 1];
      if (type === 'string' && eq === -1 && next !== undefined) {
        kept.push(next);
        i++;
      }
      continue;
    }
    // macOS passes `-NSDocumentRevisionsDebugMode YES` and the like: a name and its value.
    if (/^-NS[A-Za-z]/.test(arg) && args[i + 1] !== undefined && !args[i + 1]?.startsWith('-')) {
      i++;
    }
    // Anything else (-psn_…, other single-dash switches, files, URLs, %U) is not ours.
  }
  return kept;
}
