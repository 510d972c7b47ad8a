import type { Health, SessionPreview, SessionWaveform, TagCount } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import type { Call } from '../core/transport.js'

// The groups whose one call is a read, called by the group's name alone (`nameIn`): a function each, not a class.

/** `client.health()`: the health snapshot (`GET /health`); it also proves the token is valid.
 * @example `const { effectiveMode } = await client.health()`
 */
export type HealthApi = (options?: CallOptions) => ApiPromise<Health>

export function healthApi(call: Call): HealthApi {
  return (options) => call('health.get', {}, options).map(unwrap)
}

/** `client.preview(id)`: the preview metadata of a session (`GET /sessions/{id}/preview`).
 * @example `const { previews, preferredPreviewId } = await client.preview('ses_1')`
 */
export type PreviewApi = (id: string, options?: CallOptions) => ApiPromise<SessionPreview>

export function previewApi(call: Call): PreviewApi {
  return (id, options) => call('preview.get', { params: { id } }, options).map(unwrap)
}

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

/** `client.tagCounts()`: every tag with the number of sessions that carry it, most used first (`GET /tags`).
 * @example `const [top] = await client.tagCounts()`
 */
export type TagCountsApi = (options?: CallOptions) => ApiPromise<TagCount[]>

export function tagCountsApi(call: Call): TagCountsApi {
  return (options) => call('tagCounts.list', {}, options).map(unwrap)
}
