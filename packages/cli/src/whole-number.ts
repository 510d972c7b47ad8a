import { UsageError } from '@session-library/internal'

/**
 * A flag's value read as a whole number (digits only), `undefined` when the flag was not given.
 *
 * @example `wholeNumber('250', 'interval') // 250`
 */
export function wholeNumber(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new UsageError(`--${flag}: "${value}" is not a whole number`)
  return Number(value)
}
