import type { SessionPreview } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import type { Call } from '../core/transport.js'

/** `client.preview(id)`: the preview metadata of a session (`GET /sessions/{id}/preview`).
 * @example `const { previews, preferredPreviewId } = await client.preview('ses_1')`
 */
export type PreviewApi = (id: string, options?: CallOptions) => ApiPromise<SessionPreview>

export function previewApi(call: Call): PreviewApi {
  return (id, options) => call('preview.get', { params: { id } }, options).map(unwrap)
}
