/**
 * The service's log: one JSON object per line. Values under keys that name credentials are replaced
 * before writing, so a careless call site still cannot log a secret, a token or an Authorization header.
 */
export type LogLevel = 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, event: string, fields?: Readonly<Record<string, unknown>>): void;
}

const SENSITIVE_KEY = /authorization|secret|token|password|cookie|credential/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SENSITIVE_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function jsonLineLogger(write: (line: string) => void, clock: () => Date = () => new Date()): Logger {
  return {
    log(level, event, fields = {}) {
      const record = {
        time: clock().toISOString(),
        level,
        event,
        ...(redact(fields) as Record<string, unknown>),
      };
      write(`${JSON.stringify(record)}\n`);
    },
  };
}

export const silentLogger: Logger = { log: () => undefined };
