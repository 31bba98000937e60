import fs from 'node:fs';

/**
 * CPU time says how much work a server did per byte or per request, which a busy machine
 * (other processes on the same 2 cores) skews far less than wall-clock throughput.
 */

/** CPU ms of the whole process, all threads. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU ms of the calling thread, from /proc/thread-self/stat (utime and stime, fields 14 and 15,
 * in USER_HZ ticks, which Linux fixes at 100 per second for userspace).
 */
export function threadCpuMs(): number {
  return ticksToMs(fs.readFileSync('/proc/thread-self/stat', 'utf8'));
}

function ticksToMs(stat: string): number {
  // The command name (field 2) may hold spaces; fields are counted after its closing paren.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU ms of another process, all its threads (those that ended included). */
export function pidCpuMs(pid: number): number {
  return ticksToMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU ms per thread of this process right now, by thread id. */
export function cpuByThread(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      out.set(tid, ticksToMs(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/**
 * CPU ms that the threads in `before` used since it was taken. Threads started later (a load
 * client's worker thread) are left out, which is how the server's share is told apart.
 */
export function cpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [tid, ms] of cpuByThread()) {
    const start = before.get(tid);
    if (start !== undefined) total += ms - start;
  }
  return total;
}

/** CPU ms of each thread of another process, by "name tid" (threads that ended are missing). */
export function pidThreadsCpuMs(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.set(`${name} ${tid}`, ticksToMs(stat));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}
