import type { SessionWaveform } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import type { Call } from '../core/transport.js'

/** Call options plus the preview variant to address. */
export type VariantOptions = CallOptions & {
  /** The preview variant (`previews[].id`); default: the preferred one, else the first. */
  variantId?: string
}

/** `client.waveform(id, { variantId })`: the waveform peaks of a preview variant (`GET /sessions/{id}/waveform`).
 * @example `const { waveform } = await client.waveform('ses_1', { variantId: 'pv_1' })`
 */
export type WaveformApi = (id: string, variant?: VariantOptions) => ApiPromise<SessionWaveform>

export function waveformApi(call: Call): WaveformApi {
  return (id, { variantId, ...options } = {}) =>
    call('waveform.get', { params: { id }, query: { variantId } }, options).map(unwrap)
}
