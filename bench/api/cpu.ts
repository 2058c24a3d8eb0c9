/**
 * CPU time spent by the server process and by its PostgreSQL backends, read from /proc. On a
 * shared machine requests per second move with the neighbours' load; CPU milliseconds per
 * request barely do, so they are what before/after comparisons rest on.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const TICK_MS = 10;

function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is [0],
    // utime [11], stime [12] (fields 14 and 15 of proc(5)); every thread of the process included.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // the process is gone (or /proc is not there): count nothing rather than fail the run
  }
}

export interface CpuSnapshot {
  server: number;
  backends: Map<number, number>;
}

export interface CpuUse {
  serverMs: number;
  postgresMs: number;
}

export class CpuMeter {
  private readonly serverPid: number;
  private readonly databaseUrl: string | undefined;

  constructor(serverPid: number, databaseUrl?: string) {
    this.serverPid = serverPid;
    this.databaseUrl = databaseUrl;
  }

  /** The PostgreSQL backends serving the bench database (none for the ceiling). */
  private async backendPids(): Promise<number[]> {
    if (!this.databaseUrl) return [];
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  }

  async snapshot(): Promise<CpuSnapshot> {
    const pids = await this.backendPids();
    return { server: cpuMsOf(this.serverPid), backends: new Map(pids.map((pid) => [pid, cpuMsOf(pid)])) };
  }

  /** Use since `start`; a backend opened in between counts from zero. */
  async since(start: CpuSnapshot): Promise<CpuUse> {
    const end = await this.snapshot();
    let postgresMs = 0;
    for (const [pid, ms] of end.backends) postgresMs += ms - (start.backends.get(pid) ?? 0);
    return { serverMs: end.server - start.server, postgresMs };
  }
}
