import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnChild, waitForLine, type Child } from '../lib/child-process.ts';
import { ROOT } from '../lib/headless-app.ts';

/** MailDev 3 (the devDependency), run as users run it: `maildev` with its defaults. */
export interface MailDevApp {
  child: Child;
  smtpPort: number;
  /** http://127.0.0.1:port of its REST API and UI. */
  base: string;
  /** Stops MailDev and removes its folder (it writes each mail's .eml to $TMPDIR/maildev). */
  stop(): Promise<void>;
}

const BIN = path.join(ROOT, 'node_modules/maildev/dist/bin/maildev.js');

/**
 * Starts MailDev on free ports of 127.0.0.1 with in-memory storage (its default: no
 * --mail-directory), no relay, no MCP, no auth. It runs in a folder of its own, so no config
 * file of this repository's tree is picked up and its .eml files go with the folder.
 */
export async function startMailDev(): Promise<MailDevApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-bench-maildev-'));
  const smtpPort = await freePort();
  const webPort = await freePort();
  const args = [
    BIN,
    ...['--smtp', String(smtpPort), '--ip', '127.0.0.1'],
    ...['--web', String(webPort), '--web-ip', '127.0.0.1'],
  ];
  const child = spawnChild(args, dir, { ...process.env, TMPDIR: dir });
  const stop = async (): Promise<void> => {
    await child.stop(5_000);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Printed once the API listens, which MailDev starts after its SMTP server.
    const line = await waitForLine(child, /MailDev API running at http:\/\/\S+/, 30_000);
    return { child, smtpPort, base: line.slice(line.indexOf('http')), stop };
  } catch (err) {
    await stop();
    throw new Error(`MailDev did not start\n${child.stderr()}`, { cause: err });
  }
}

/** A port of 127.0.0.1 nothing listens on now (MailDev takes no port 0 on its command line). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
