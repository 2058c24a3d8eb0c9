import type pg from 'pg';

export interface TreeFacts {
  users: number;
  /** The user with the most descendants (always a root: an ancestor's subtree holds its descendants'). */
  largestSubtree: { id: number; descendants: number };
  mostDirect: { id: number; direct: number };
  usersWithThousandDirect: number;
  maxDepth: number;
  meanDepth: number;
}

/**
 * Descendant counts and depths of every user in one pass each way. A referrer is always older
 * (smaller id), so walking ids downwards adds each finished subtree to its parent, and walking
 * upwards gives each user its parent's depth + 1: no recursive query over a million rows.
 */
export async function analyseTree(client: pg.Client | pg.Pool): Promise<TreeFacts> {
  const { rows } = await client.query<[number, number | null]>({
    text: 'select id, referrer_id from users order by id',
    rowMode: 'array',
  });
  const maxId = rows.at(-1)?.[0] ?? 0;
  const parent = new Int32Array(maxId + 1);
  for (const [id, referrerId] of rows) parent[id] = referrerId ?? 0;

  const size = new Int32Array(maxId + 1);
  const direct = new Int32Array(maxId + 1);
  for (let id = maxId; id > 0; id -= 1) {
    const p = parent[id]!;
    if (p > 0) {
      size[p]! += size[id]! + 1;
      direct[p]! += 1;
    }
  }
  const depth = new Int32Array(maxId + 1);
  let depthSum = 0;
  let maxDepth = 0;
  for (const [id] of rows) {
    const p = parent[id]!;
    depth[id] = p > 0 ? depth[p]! + 1 : 0;
    depthSum += depth[id]!;
    maxDepth = Math.max(maxDepth, depth[id]!);
  }

  let largest = 0;
  let busiest = 0;
  let usersWithThousandDirect = 0;
  for (let id = 1; id <= maxId; id += 1) {
    if (size[id]! > size[largest]!) largest = id;
    if (direct[id]! > direct[busiest]!) busiest = id;
    if (direct[id]! >= 1000) usersWithThousandDirect += 1;
  }
  return {
    users: rows.length,
    largestSubtree: { id: largest, descendants: size[largest]! },
    mostDirect: { id: busiest, direct: direct[busiest]! },
    usersWithThousandDirect,
    maxDepth,
    meanDepth: depthSum / Math.max(1, rows.length),
  };
}

/**
 * The referrer with the most direct sub-users among those still climbing the levels: for them a
 * new activation makes advanceLevel count the current window (a completed user stops earlier).
 */
export async function busiestClimbingReferrer(client: pg.Client | pg.Pool): Promise<{ id: number; direct: number }> {
  const { rows } = await client.query<{ id: number; direct: string }>(
    `select c.referrer_id as id, count(*) as direct
     from users c left join user_levels l on l.user_id = c.referrer_id
     where c.referrer_id is not null and l.completed_at is null
     group by c.referrer_id order by count(*) desc, c.referrer_id limit 1`,
  );
  return { id: rows[0]!.id, direct: Number(rows[0]!.direct) };
}
