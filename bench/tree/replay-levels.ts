import type pg from 'pg';
import { levelWindowAt, paiseToRupees } from '@app/contracts';

interface Level {
  number: number;
  name: string;
  days: number;
  node: number;
  reward_points: number;
  reward_paise: number;
}

interface LevelRow {
  userId: number;
  levelNumber: number;
  windowStart: Date;
  completedAt: Date | null;
}

interface Achievement {
  userId: number;
  levelNumber: number;
  at: Date;
  windowStart: Date;
  level: Level;
}

export interface LevelsLoad {
  userLevels: number;
  achievements: number;
}

/**
 * One referrer's level history, replayed the way advanceLevel lives it: each counted activation
 * (in time order) rolls an expired window forward, counts the window's activations, and on
 * reaching the level's node records the achievement and starts the next level's window at that
 * instant. `activations` are the counted sub-users' activation instants in ms, ascending. Each activation counts
 * for the level being worked on when it came (users.counted_level, decision 070): `countedLevels`, in the same order
 * (null once the ladder is finished).
 */
function replayReferrer(userId: number, createdAt: number, activations: number[], levels: Level[]) {
  const achievements: Achievement[] = [];
  const countedLevels: Array<number | null> = activations.map(() => null);
  let levelIndex = 0;
  let windowStart = new Date(createdAt);
  let completedAt: Date | null = null;
  // Index of the first activation after windowStart: activations before it belong to older windows.
  let firstInWindow = 0;
  for (const [i, t] of activations.entries()) {
    const level = levels[levelIndex];
    if (completedAt || !level) break;
    countedLevels[i] = level.number;
    const window = levelWindowAt(windowStart, level.days, new Date(t));
    windowStart = window.start;
    while (firstInWindow <= i && activations[firstInWindow]! <= windowStart.getTime()) firstInWindow += 1;
    if (i + 1 - firstInWindow < level.node) continue;
    const at = new Date(t);
    achievements.push({ userId, levelNumber: level.number, at, windowStart, level });
    levelIndex += 1;
    if (levelIndex < levels.length) {
      windowStart = at;
      firstInWindow = i + 1;
    } else {
      completedAt = at;
    }
  }
  const current = levels[Math.min(levelIndex, levels.length - 1)]!;
  const row: LevelRow = { userId, levelNumber: current.number, windowStart, completedAt };
  return { row, achievements, countedLevels };
}

/** 'Level 1 Starter achieved: ₹100.00 and 100 points', as advanceLevel writes it. */
function rewardDescription(level: Level): string {
  const reward = [
    level.reward_paise > 0 ? `₹${paiseToRupees(level.reward_paise).toFixed(2)}` : '',
    level.reward_points > 0 ? `${level.reward_points} points` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `Level ${level.number} ${level.name} achieved: ${reward}`;
}

/**
 * Writes user_levels, level_achievements and the 'Level Reward' ledger entries that the generated
 * activations would have produced, replaying each referrer's history in JavaScript with the
 * contracts' window rule (the one the API uses), then inserting the rows in three set-based
 * statements (unnest of arrays).
 */
export async function replayLevels(client: pg.Client): Promise<LevelsLoad> {
  const levels = (await client.query<Level>('select * from levels order by number')).rows.map((level) => ({
    ...level,
    reward_paise: Number(level.reward_paise),
  }));
  const { rows } = await client.query<[number, string, string, number]>({
    text: `select c.referrer_id, (extract(epoch from r.created_at) * 1000)::bigint, (extract(epoch from c.activated_at) * 1000)::bigint, c.id
           from users c join users r on r.id = c.referrer_id
           where c.activated_at is not null and c.referral_status in ('counted', 'released')
           order by c.referrer_id, c.activated_at, c.id`,
    rowMode: 'array',
  });

  const levelRows: LevelRow[] = [];
  const achievements: Achievement[] = [];
  const counted: Array<{ id: number; level: number }> = [];
  let start = 0;
  while (start < rows.length) {
    const referrerId = rows[start]![0];
    let end = start;
    while (end < rows.length && rows[end]![0] === referrerId) end += 1;
    const activations = rows.slice(start, end).map((row) => Number(row[2]));
    const replayed = replayReferrer(referrerId, Number(rows[start]![1]), activations, levels);
    levelRows.push(replayed.row);
    achievements.push(...replayed.achievements);
    replayed.countedLevels.forEach((level, i) => {
      if (level !== null) counted.push({ id: rows[start + i]![3], level });
    });
    start = end;
  }

  await client.query(
    `insert into user_levels (user_id, level_number, window_start, completed_at)
     select * from unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[])`,
    [
      levelRows.map((r) => r.userId),
      levelRows.map((r) => r.levelNumber),
      levelRows.map((r) => r.windowStart.toISOString()),
      levelRows.map((r) => r.completedAt?.toISOString() ?? null),
    ],
  );
  await client.query(
    `insert into level_achievements (user_id, level_number, achieved_at, window_start)
     select * from unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[])`,
    [
      achievements.map((a) => a.userId),
      achievements.map((a) => a.levelNumber),
      achievements.map((a) => a.at.toISOString()),
      achievements.map((a) => a.windowStart.toISOString()),
    ],
  );
  await client.query(
    `update users set counted_level = c.level from unnest($1::int[], $2::int[]) as c(id, level) where users.id = c.id`,
    [counted.map((c) => c.id), counted.map((c) => c.level)],
  );
  await client.query(
    `insert into wallet_transactions (transaction_id, user_id, method, amount_paise, points, status, description, created_at)
     select 'TXL' || upper(lpad(to_hex(n), 12, '0')), user_id, 'Level Reward', amount, points, 'Done', description, at
     from unnest($1::int[], $2::bigint[], $3::int[], $4::text[], $5::timestamptz[]) with ordinality
       as r(user_id, amount, points, description, at, n)
     where amount > 0 or points > 0`,
    [
      achievements.map((a) => a.userId),
      achievements.map((a) => a.level.reward_paise),
      achievements.map((a) => a.level.reward_points),
      achievements.map((a) => rewardDescription(a.level)),
      achievements.map((a) => a.at.toISOString()),
    ],
  );
  return { userLevels: levelRows.length, achievements: achievements.length };
}

/** users.balance_paise and users.points are the ledger's running sums: set them from the entries. */
export async function settleWallets(client: pg.Client): Promise<void> {
  await client.query(
    `update users u set balance_paise = s.balance, points = s.points
     from (select user_id, sum(amount_paise) as balance, sum(points) as points from wallet_transactions group by user_id) s
     where u.id = s.user_id`,
  );
}
