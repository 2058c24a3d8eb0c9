// `npm test`: every test, ordered to keep both cores of the CI machine busy (decision 027).
// 1. The typecheck and the web build run beside the main vitest run, on the cores its files leave idle while they
//    wait on timers, mail and the database; their output is shown only if they fail.
// 2. The reliability suites (PostgreSQL only), on their own: they time out when they share the machine.
// 3. The journeys, against the web app built in step 1.
// Each phase's time is printed at the end, so CI's log shows where the minutes go.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const timings = [];

/** Runs a shell command; `quiet` keeps its output to show on failure. Resolves with its exit code. */
function run(command, { quiet = false } = {}) {
  const started = Date.now();
  const child = spawn(command, { shell: true, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      timings.push(`${command}: ${Math.round((Date.now() - started) / 1000)} s`);
      if (code !== 0 && quiet) process.stderr.write(Buffer.concat(output));
      resolve(code ?? 1); // null: ended by a signal
    });
  });
}

function finish(code) {
  console.log(`\nnpm test phases:\n  ${timings.join('\n  ')}`);
  process.exit(code);
}

const beside = run('npm run typecheck && npm run build', { quiet: true });
// Twice as many vitest workers as cores: a file waiting on a timer or the database leaves its core to another
// (main run alone on this 2-core machine: 256 s with two workers, 213 s with four). A number, not '200%': vitest
// caps a percentage at the number of cores.
const unit = await run(`vitest run --maxWorkers=${2 * availableParallelism()}`);
const built = await beside;
if (unit !== 0 || built !== 0) finish(1);
if ((await run('npm run test:reliability')) !== 0) finish(1);
finish(await run('npm test --workspace @app/e2e'));
