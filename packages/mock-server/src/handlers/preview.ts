import type { HandlerTable } from './context.js'

/** A session's previews: their metadata (SPEC §4.10). */
export const previewHandlers = {
  'preview.get': ({ params, runtime }) => {
    const record = runtime.library.readSession(params.id)
    const { id, previewStatus, preferredPreviewId, previewUrl, previewAudioUrl, previewAudioMime, previews } = record
    return { data: { id, previewStatus, preferredPreviewId, previewUrl, previewAudioUrl, previewAudioMime, previews } }
  },
} satisfies HandlerTable<'preview.get'>
