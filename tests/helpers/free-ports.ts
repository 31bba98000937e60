import net from 'node:net';

/**
 * `count` distinct loopback ports nothing listens on right now. Every probe is held open until
 * all are taken: ports taken and released one by one may come back the same (some kernels and
 * sandboxes hand the just-freed port out again), and two equal ports are a different test.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: net.Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const probe = net.createServer();
      probes.push(probe);
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
    }
    return probes.map((probe) => (probe.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(
      probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))),
    );
  }
}

/** One loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}
