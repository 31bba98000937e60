/** A command the server did not finish in time (a BODY that never ends, a trickle). */
export class CommandTimeout extends Error {
  override name = 'CommandTimeout';
  readonly code = 'CommandTimeout';
  constructor(readonly command: string) {
    super(`the server did not finish ${command} in time`);
  }
}

/**
 * Settles like `work`, or rejects with CommandTimeout after `ms`, calling `abort` (which closes
 * the connection, so the command cannot go on reading). The socket's inactivity timeout does
 * not see a server that sends one byte a minute; this does.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  command: string,
  abort: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(new CommandTimeout(command));
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    // The abandoned command rejects once the connection is closed; that is expected.
    work.catch(() => undefined);
  }
}
