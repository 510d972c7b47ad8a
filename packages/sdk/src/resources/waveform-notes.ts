import type { ReadonlyInput, WaveformNoteLane, WaveformNotesBody } from '@session-library/schemas/client'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'
import { splitVariant, type VariantOptions } from './variant.js'

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
export interface WaveformNoteInput extends ReadonlyInput<WaveformNotesBody['notes'][number]> {}

/**
 * The `client.waveformNotes` group: the note lane of a session and preview variant.
 *
 * @example
 * ```ts
 * import type { WaveformNotesApi } from '@session-library/sdk'
 * const lanes: WaveformNotesApi = client.waveformNotes
 * ```
 */
export interface WaveformNotesApi {
  /**
   * Replaces the whole lane (`PUT /sessions/{id}/waveform-notes`, full-automation mode); answers
   * the lane sorted by timestamp. A `NotImplementedError` where the server has no waveform notes.
   *
   * @example `await client.waveformNotes.replace('ses_1', [{ timestamp: 3, text: 'verse' }], { variantId: 'pv_1' })`
   */
  replace(id: string, notes: readonly WaveformNoteInput[], variant?: VariantOptions): ApiPromise<WaveformNoteLane>
}

/**
 * The `waveformNotes` group over one client's call.
 *
 * @example `const lanes = waveformNotesApi(createCall(config))`
 */
export function waveformNotesApi(call: Call): WaveformNotesApi {
  return {
    replace(id, notes, variant) {
      const { query, options } = splitVariant(variant)
      return call('waveformNotes.put', { params: { id }, query, body: { notes } }, options).map(unwrap)
    },
  }
}
