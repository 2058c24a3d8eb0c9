import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** The server's logger as pino makes it: its level names and their numbers. */
export type ParentLogger = FastifyBaseLogger & { levels: { values: Record<string, number> } };

/**
 * A request's logger (`request.log`), made when first used. Fastify asks for one per request, with
 * the request id bound, and pino's `child` serialises the bindings and sets up the level methods
 * every time, a tenth of a bare request's CPU, though at the production level (warn) a request that
 * goes well writes nothing. A call below the level returns at once, as pino's would; anything else
 * goes to the real child, made then, which writes exactly what it would have written.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  private readonly parent: ParentLogger;
  private readonly bindings: Record<string, unknown>;
  private readonly options: ChildOptions;

  constructor(parent: ParentLogger, bindings: Record<string, unknown>, options: ChildOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
  }

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  private writes(level: Level): boolean {
    if (this.#child) return true;
    const values = this.parent.levels.values;
    const threshold = values[this.options.level ?? this.parent.level];
    return threshold !== undefined && values[level]! >= threshold;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: LogArguments): void {
    if (this.writes('fatal')) this.real.fatal(...args);
  }
  error(...args: LogArguments): void {
    if (this.writes('error')) this.real.error(...args);
  }
  warn(...args: LogArguments): void {
    if (this.writes('warn')) this.real.warn(...args);
  }
  info(...args: LogArguments): void {
    if (this.writes('info')) this.real.info(...args);
  }
  debug(...args: LogArguments): void {
    if (this.writes('debug')) this.real.debug(...args);
  }
  trace(...args: LogArguments): void {
    if (this.writes('trace')) this.real.trace(...args);
  }
  silent(): void {}

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}
