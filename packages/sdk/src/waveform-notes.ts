import type { BodyOf, WaveformNoteLane } from '@session-library/schemas'
import type { ApiPromise } from './api-promise.js'
import type { CallOptions } from './options.js'
import type { Call } from './transport.js'
import { unwrap } from './unwrap.js'

/**
 * Call options plus the preview variant to address; without `variantId` the server picks the
 * preferred preview, else the first.
 *
 * @example
 * ```ts
 * import type { VariantOptions } from '@session-library/sdk'
 * const options: VariantOptions = { variantId: 'pv_1', timeout: 2_000 }
 * ```
 */
export type VariantOptions = CallOptions & { variantId?: string }

/**
 * A waveform note as sent: `timestamp` in seconds, `id` optional (the server assigns one);
 * `createdAt`/`updatedAt` are managed by the server.
 *
 * @example
 * ```ts
 * import type { WaveformNoteInput } from '@session-library/sdk'
 * const note: WaveformNoteInput = { timestamp: 12.5, text: 'drop' }
 * ```
 */
export type WaveformNoteInput = BodyOf<'waveformNotes.put'>['notes'][number]

/**
 * Splits `variantId` (a query parameter) from the call options.
 *
 * @example `splitVariant({ variantId: 'pv_1', timeout: 5 }) // { query: { variantId: 'pv_1' }, options: { timeout: 5 } }`
 */
export function splitVariant({ variantId, ...options }: VariantOptions = {}) {
  return { query: variantId === undefined ? {} : { variantId }, options }
}

/**
 * The `waveformNotes` group: the note lane of a session and preview variant.
 *
 * @example `const lanes = waveformNotesApi(createCall(config))`
 */
export function waveformNotesApi(call: Call) {
  return {
    /**
     * Replaces the whole lane (full-automation mode); answers the lane sorted by timestamp.
     * @example `await client.waveformNotes.replace('ses_1', [{ timestamp: 3, text: 'verse' }], { variantId: 'pv_1' })`
     */
    replace(id: string, notes: WaveformNoteInput[], variant?: VariantOptions): ApiPromise<WaveformNoteLane> {
      const { query, options } = splitVariant(variant)
      return call('waveformNotes.put', { params: { id }, query, body: { notes } }, options).map(unwrap)
    },
  }
}

/**
 * The `client.waveformNotes` group.
 *
 * @example
 * ```ts
 * import type { WaveformNotesApi } from '@session-library/sdk'
 * const lanes: WaveformNotesApi = client.waveformNotes
 * ```
 */
export type WaveformNotesApi = ReturnType<typeof waveformNotesApi>
