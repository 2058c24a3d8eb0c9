import { availableParallelism, cpus, totalmem } from 'node:os';
import pg from 'pg';

/** What a benchmark ran on: printed beside every table, since figures mean nothing without it. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres: string;
}

export async function describeMachine(databaseUrl: string): Promise<Machine> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [row],
    } = await client.query<{ version: string }>(`select split_part(version(), ' on ', 1) as version`);
    return {
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: availableParallelism(),
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: row?.version ?? 'unknown PostgreSQL',
    };
  } finally {
    await client.end();
  }
}

export function machineLine(machine: Machine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node}; ${machine.postgres}`;
}
