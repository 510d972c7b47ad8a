import type { Logger, LogLevel } from './options.js'

type Line = (message: string, details: Record<string, unknown>) => void

/**
 * The log lines the client writes, one function per level that is on (the others are absent, so
 * that a call checks one field and builds nothing when logging is off).
 *
 * @example `log.warn?.('session-library: retry', { url, retryCount })`
 */
export interface Log {
  debug?: Line
  info?: Line
  warn?: Line
  error?: Line
}

const ORDER = ['debug', 'info', 'warn', 'error'] as const

// Node's console.debug and console.info write to stdout, which a script's output owns.
const stderrLogger: Logger = { debug: (message, details) => console.error(message, details) }

/**
 * The log of a client: the given logger (every level when no level is set) or stderr (when only a
 * level is set), from `level` up; `undefined` when nothing is logged.
 *
 * @example `resolveLog(undefined, 'warn') // { warn, error } writing to stderr`
 */
export function resolveLog(logger: Logger | undefined, level: LogLevel | undefined): Log | undefined {
  const from = level ?? (logger ? 'debug' : 'off')
  if (from === 'off') return undefined
  const target = logger ?? stderrLogger
  const log: Log = {}
  for (const name of ORDER.slice(ORDER.indexOf(from))) {
    const method = target[name] ?? target.debug
    log[name] = (message, details) => method.call(target, message, details)
  }
  return log
}
