/**
 * `npm run admin:create -- --email someone@example.com [--first-name A --last-name B --mobile 9876543210]`
 *
 * Gives an existing account the admin role, or creates a verified admin account. The password of
 * a new account is never taken from the command line (it would sit in the shell history and the
 * process list): it is asked for on the terminal without echo, twice, or read from ADMIN_PASSWORD
 * for automation. Uses the database of DATABASE_URL or the PGlite under DATA_DIR, as the server does.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createDatabase, migrateDatabase } from '@app/db';
import { messages } from '@app/contracts';
import { loadEnv } from '../env.ts';
import { grantAdmin, GrantAdminError } from '../services/admin/index.ts';

/** Asks on the terminal with the typed characters hidden. */
async function askHidden(question: string): Promise<string> {
  let isMuted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!isMuted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stdout.write(question);
    isMuted = true;
    return await rl.question('');
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

async function askPassword(fromEnvironment: string | undefined): Promise<string> {
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) {
    throw new GrantAdminError(
      'No terminal to ask for the password on: set ADMIN_PASSWORD to create the account non-interactively.',
    );
  }
  const password = await askHidden('Password for the new admin: ');
  const again = await askHidden('Repeat the password: ');
  if (password !== again) throw new GrantAdminError(messages.passwordMismatch);
  return password;
}

const usage =
  'usage: npm run admin:create -- --email someone@example.com [--first-name NAME] [--last-name NAME] [--mobile 10DIGITS]';

const options = {
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  mobile: { type: 'string' },
  help: { type: 'boolean' },
} as const;

function readArgs() {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const args = readArgs();
if (args.help || !args.email) {
  console.error(usage);
  process.exit(args.help ? 0 : 2);
}
const email = args.email;

// An entry point, like server.ts: the environment is read here and handed on.
const source = process.env;
const env = loadEnv(source);
const database = await createDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/db` });
let exitCode = 0;
try {
  await migrateDatabase(database);
  const result = await grantAdmin(
    { db: database.db, now: () => new Date() },
    {
      email,
      firstName: args['first-name'],
      lastName: args['last-name'],
      mobile: args.mobile,
      askPassword: () => askPassword(source.ADMIN_PASSWORD),
    },
  );
  const shown = email.trim().toLowerCase();
  if (result.outcome === 'created')
    console.log(`Created the admin account ${shown} (user ${result.userId}), email verified.`);
  if (result.outcome === 'granted') console.log(`${shown} (user ${result.userId}) is now an admin.`);
  if (result.outcome === 'already-admin') console.log(`${shown} (user ${result.userId}) is already an admin.`);
  if (!result.isVerified)
    console.log('Their email is not verified yet: they must verify it before the console opens for them.');
} catch (error) {
  if (!(error instanceof GrantAdminError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
