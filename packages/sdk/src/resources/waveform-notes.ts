import type { ReadonlyInput, WaveformNoteLane, WaveformNotesBody } from '@session-library/schemas/client'
import { type ApiPromise, unwrap } from '../core/promise.js'
import { type ContractMethods, Resource } from '../core/transport.js'
import type { VariantOptions } from './single-reads.js'

/** A waveform note as sent: `timestamp` in seconds, `id` optional (the server assigns one). */
export interface WaveformNoteInput extends ReadonlyInput<WaveformNotesBody['notes'][number]> {}

/** The `client.waveformNotes` group: the note lane of a session and preview variant. */
export class WaveformNotesApi extends Resource implements ContractMethods<'waveformNotes'> {
  /** Replaces the whole lane (`PUT /sessions/{id}/waveform-notes`, full-automation mode), answered sorted.
   * @example `await client.waveformNotes.replace('ses_1', [{ timestamp: 3, text: 'verse' }], { variantId: 'pv_1' })`
   */
  replace(
    id: string,
    notes: readonly WaveformNoteInput[],
    { variantId, ...options }: VariantOptions = {},
  ): ApiPromise<WaveformNoteLane> {
    const input = { params: { id }, query: { variantId }, body: { notes } }
    return this.call('waveformNotes.put', input, options).map(unwrap)
  }
}
