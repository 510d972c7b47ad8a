import type { ImportResult } from '@session-library/schemas'

/**
 * Progress of one import, as the control surface reports it (D15).
 *
 * @example
 * ```ts
 * const [latest]: ImportProgress[] = api.imports()
 * ```
 */
export type ImportProgress = ImportResult & { createdSessionIds: string[] }
