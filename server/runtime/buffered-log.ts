type Fields = Record<string, unknown>;
type Level = 'info' | 'warn' | 'error';

export interface BufferedLog {
  info(fields: Fields, message: string): void;
  warn(fields: Fields, message: string): void;
  error(fields: Fields, message: string): void;
  /** writes what was kept, then passes every later line straight to `log` */
  replayTo(log: Record<Level, (fields: Fields, message: string) => void>): void;
}

/**
 * What start-up has to say before the app's logger exists (the directory tightened, a restore
 * applied, the ledger migrated): kept, then written through the logger once it exists.
 */
export function bufferedLog(): BufferedLog {
  const kept: Array<[Level, Fields, string]> = [];
  let target: Record<Level, (fields: Fields, message: string) => void> | null = null;
  const line = (level: Level) => (fields: Fields, message: string) => {
    if (target) target[level](fields, message);
    else kept.push([level, fields, message]);
  };
  return {
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    replayTo(log) {
      target = log;
      for (const [level, fields, message] of kept.splice(0)) log[level](fields, message);
    },
  };
}
