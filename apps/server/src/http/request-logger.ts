import type { FastifyBaseLogger, LogLevel } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LevelName = Exclude<LogLevel, 'silent'>;
/** The pino logger Fastify makes from its `logger` options (isLevelEnabled is pino's). */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that makes its pino child only when a line is written at an enabled level.
 * pino's child() serializes its bindings (the request id) at once: a string and an object on
 * every request, though most requests log nothing at the production level.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private write(level: LevelName, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: the lazy request logger, or pino's own child when the route asks
 * for its own level or serializers.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyRequestLogger(logger as ParentLogger, bindings);
}
