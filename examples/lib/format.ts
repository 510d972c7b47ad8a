/**
 * An ISO 8601 timestamp as a short UTC date and time, the same whatever the local time zone.
 *
 * @example
 * ```ts
 * shortDate('2026-11-19T14:02:33.000Z') // '2026-11-19 14:02'
 * ```
 */
export function shortDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 16).replace('T', ' ')
}

/**
 * A count with its noun, singular or plural.
 *
 * @example
 * ```ts
 * plural(1, 'session') // '1 session'
 * plural(3, 'session') // '3 sessions'
 * ```
 */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
