import { startSinkServer } from './sink-server.ts';

/** The bare smtp-server sink in a process of its own, as the headless server runs in its own. */
const sink = await startSinkServer();
console.log(`sink listening on ${sink.port}`);
process.once('SIGTERM', () => void sink.close().then(() => process.exit(0)));
