import type { Preview } from '@session-library/schemas'
import { NotFound } from '../errors/lookup-errors.js'
import type { StoredSession } from '../store/records.js'

/**
 * The preview variant a waveform request is about (D12): `variantId` must name a preview of the
 * session; without it the preferred preview, else the first; no preview at all is a 404.
 *
 * @example
 * ```ts
 * const preview = chooseVariant(session, url.searchParams.get('variantId') ?? undefined)
 * ```
 */
export function chooseVariant(session: StoredSession, variantId: string | undefined): Preview {
  if (variantId !== undefined) {
    const named = session.previews.find((preview) => preview.id === variantId)
    if (!named) throw new NotFound('variant')
    return named
  }
  const chosen = session.previews.find((preview) => preview.id === session.preferredPreviewId) ?? session.previews[0]
  if (!chosen) throw new NotFound('preview')
  return chosen
}
