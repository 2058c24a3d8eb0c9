import type pg from 'pg';

/**
 * The shape of the generated referral network. Each user refers only to an older one (smaller id,
 * earlier created_at), as registration does, so the network is a forest like the real one.
 */
export const TREE_SHAPE = {
  /** The first users have no referrer: the founders everything else hangs from. */
  roots: 10,
  /** Share of later users who signed up without a referral code. */
  unreferredShare: 0.03,
  /** Share who were referred by someone who joined just before them (a friend of a friend): makes chains. */
  recentShare: 0.22,
  /** ... by someone among the last `recentWindow` sign-ups. */
  recentWindow: 200,
  /**
   * Everyone else picks a referrer at id × u^skew (u uniform): preferential to early users, so the
   * oldest have thousands of direct sub-users and most have none (a power law, as real networks do).
   */
  skew: 3.2,
  /** One unbroken line of sign-ups, each referred by the previous: the deepest chain. */
  deepChainShare: 0.002,
  /** Registrations spread over this many days before now. */
  historyDays: 3 * 365,
  verifiedShare: 0.95,
  /** Share of verified users who bought something (and so are active sub-users). */
  activatedShare: 0.35,
  /** Mean days between registration and first purchase (exponential). */
  meanDaysToActivate: 7,
} as const;

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Ananya',
  'Diya',
  'Ishaan',
  'Kavya',
  'Meera',
  'Rohan',
  'Saanvi',
  'Arjun',
  'Priya',
  'Karthik',
  'Lakshmi',
  'Nikhil',
  'Pooja',
  'Rahul',
  'Sneha',
  'Varun',
  'Zoya',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Menon',
  'Reddy',
  'Patel',
  'Shah',
  'Gupta',
  'Das',
  'Rao',
  'Pillai',
  'Kumar',
  'Singh',
  'Joshi',
  'Bose',
  'Khan',
  'Mehta',
  'Chopra',
  'Varghese',
];

export interface UsersLoad {
  users: number;
  /** The registration instant of user n is start + n × step (ms), so ids and created_at agree. */
  startMs: number;
  stepMs: number;
}

/**
 * Inserts `count` users in one INSERT … SELECT over generate_series. Every random draw is its own
 * column of `draws`, so each CASE sees one value per row; setseed makes the network the same on
 * every run. Times are whole milliseconds, as the API writes them (JavaScript Dates).
 */
export async function loadUsers(
  client: pg.Client,
  options: { count: number; now: Date; passwordHash: string },
): Promise<UsersLoad> {
  const { count, now, passwordHash } = options;
  const shape = TREE_SHAPE;
  const endMs = now.getTime() - 86_400_000;
  const startMs = endMs - shape.historyDays * 86_400_000;
  const stepMs = Math.floor((endMs - startMs) / count);
  const chainLength = Math.max(2, Math.floor(count * shape.deepChainShare));
  const chainFirst = Math.floor(count / 2);

  await client.query('select setseed(0.42)');
  await client.query(
    `with draws as (
       select i, random() as r_kind, random() as r_pick, random() as r_verified, random() as r_active,
              random() as r_delay, random() as r_status
       from generate_series(1, $1::int) as i
     ), shaped as (
       select i, r_verified, r_status,
         case
           when i <= $2::int then null
           when i between $3::int and $4::int then i - 1
           when r_kind < $5::float8 then null
           when r_kind < $6::float8 then greatest(1, i - 1 - floor(r_pick ^ 3 * $7::int)::int)
           else 1 + floor((i - 1) * r_pick ^ $8::float8)::int
         end as referrer_id,
         to_timestamp(($9::bigint + i::bigint * $10::bigint) / 1000.0) as created_at,
         case when r_verified < $11::float8 and r_active < $12::float8
           then floor(-ln(1 - r_delay) * $13::float8 * 86400000)::bigint end as activate_after_ms
       from draws
     )
     insert into users (id, first_name, last_name, email, email_canonical, mobile, password_hash, referral_code,
                        referrer_id, email_verified_at, activated_at, referral_status, signup_ip, created_at, updated_at)
     select i,
       ($14::text[])[1 + i % 20], ($15::text[])[1 + (i / 20) % 20],
       'user' || i || '@bench.example', 'user' || i || '@bench.example',
       -- 7919 is prime to 10^9, so every user gets a different number.
       '9' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
       $16::text,
       -- Knuth's multiplicative hash is a bijection on 32 bits: unique, random-looking codes.
       upper(lpad(to_hex((i::bigint * 2654435761) % 4294967296), 8, '0')),
       referrer_id,
       case when r_verified < $11::float8 then created_at + interval '5 minutes' end,
       case when created_at + activate_after_ms * interval '1 millisecond' < $17::timestamptz - interval '1 minute'
         then created_at + activate_after_ms * interval '1 millisecond' end,
       case
         when referrer_id is null then 'counted'
         when r_status < 0.010 then 'held'
         when r_status < 0.015 then 'released'
         when r_status < 0.025 then 'rejected'
         else 'counted'
       end,
       '10.' || (i / 65536 % 256) || '.' || (i / 256 % 256) || '.' || (i % 256),
       created_at, created_at
     from shaped`,
    [
      count,
      shape.roots,
      chainFirst,
      chainFirst + chainLength - 1,
      shape.unreferredShare,
      shape.unreferredShare + shape.recentShare,
      shape.recentWindow,
      shape.skew,
      startMs,
      stepMs,
      shape.verifiedShare,
      shape.activatedShare,
      shape.meanDaysToActivate,
      FIRST_NAMES,
      LAST_NAMES,
      passwordHash,
      now,
    ],
  );
  await client.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  return { users: count, startMs, stepMs };
}

/**
 * A live session for every active user, so the session lookup each request starts with searches
 * a realistic access_tokens table (hundreds of thousands of hashes, not the bench's own few).
 * Tokens are stored as SHA-256 hashes, as issueToken stores them; nobody needs the tokens themselves.
 */
export async function loadSessions(client: pg.Client, options: { now: Date }): Promise<number> {
  const { rowCount } = await client.query(
    `insert into access_tokens (user_id, token_hash, created_at, last_used_at)
     select id, encode(sha256(convert_to('bench-session-' || id, 'UTF8')), 'hex'), activated_at, $1::timestamptz - interval '1 hour'
     from users where activated_at is not null`,
    [options.now],
  );
  return rowCount ?? 0;
}
