import type { SessionWaveform } from '@session-library/schemas/client'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'
import { splitVariant, type VariantOptions } from './variant.js'

/**
 * `client.waveform(id, { variantId })`: the waveform peaks of a preview variant
 * (`GET /sessions/{id}/waveform`, default: the preferred one); a `NotImplementedError` where the
 * server has no waveform service.
 *
 * @example `const { waveform } = await client.waveform('ses_1', { variantId: 'pv_1' })`
 */
export type WaveformApi = (id: string, variant?: VariantOptions) => ApiPromise<SessionWaveform>

/**
 * `client.waveform` over one client's call.
 *
 * @example `const waveform = waveformApi(createCall(config))`
 */
export function waveformApi(call: Call): WaveformApi {
  return (id, variant) => {
    const { query, options } = splitVariant(variant)
    return call('waveform.get', { params: { id }, query }, options).map(unwrap)
  }
}
