import type { SessionPreview } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'

/**
 * `client.preview(id)`: the preview metadata of a session (`GET /sessions/{id}/preview`).
 *
 * @example `const { previews, preferredPreviewId } = await client.preview('ses_1')`
 */
export type PreviewApi = (id: string, options?: CallOptions) => ApiPromise<SessionPreview>

/**
 * `client.preview` over one client's call.
 *
 * @example `const preview = previewApi(createCall(config))`
 */
export function previewApi(call: Call): PreviewApi {
  return (id, options) => call('preview.get', { params: { id } }, options).map(unwrap)
}
