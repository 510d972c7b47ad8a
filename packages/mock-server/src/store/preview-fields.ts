import type { Preview, PreviewStatus } from '@session-library/schemas'
import type { StoredSession } from './records.js'

const MIME_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
}

function extension(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? ''
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

function fileUrl(path: string): string {
  const slashed = path.replaceAll('\\', '/')
  return `file://${encodeURI(slashed.startsWith('/') ? slashed : `/${slashed}`)}`
}

/** The session fields that describe its preview. */
export type PreviewFields = Pick<
  StoredSession,
  'previewStatus' | 'previewUrl' | 'previewAudioUrl' | 'previewAudioMime' | 'preferredPreviewId'
>

/**
 * The session's preview fields for a preferred preview (or none): its file as URL and MIME type.
 *
 * @example
 * ```ts
 * previewFields({ id: 'pv_1', name: 'Mix', path: '/a/mix.wav', status: 'ready' }).previewAudioMime // 'audio/wav'
 * ```
 */
export function previewFields(preferred: Preview | undefined, status?: PreviewStatus): PreviewFields {
  if (!preferred) {
    return { previewStatus: 'none', previewUrl: '', previewAudioUrl: '', previewAudioMime: '', preferredPreviewId: '' }
  }
  const url = fileUrl(preferred.path)
  return {
    previewStatus: status ?? preferred.status,
    previewUrl: url,
    previewAudioUrl: url,
    previewAudioMime: MIME_TYPES[extension(preferred.path)] ?? '',
    preferredPreviewId: preferred.id,
  }
}
