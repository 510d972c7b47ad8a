import { describe, expect, it } from 'vitest'
import { PaginationError, SessionLibrary } from '../../src/index.js'

const session = (id: string) => ({
  id,
  title: id,
  kind: 'other',
  status: 'idea',
  accent: '',
  tags: [],
  notes: '',
  lastOpened: '2026-11-21T10:00:00.000Z',
  projectPath: '',
  projectOriginalPath: '',
  previewStatus: 'none',
  previewUrl: '',
  previewAudioUrl: '',
  previewAudioMime: '',
  preferredPreviewId: '',
  previews: [],
})

describe('a fetch of the caller’s own that answers a Response it built (no url)', () => {
  it('D9, D10: a walk that stops names the request it sent, where response.url would be empty', async () => {
    // Every page is the first, whatever the offset: a server that repeats a page.
    const fetch = async () => Response.json({ data: [session('ses_1')], meta: { total: 5, limit: 1, offset: 0 } })
    const client = new SessionLibrary({ baseUrl: 'http://127.0.0.1:4777/api/v1', token: 't', fetch, retry: 0 })
    const walked = client.sessions.all({ limit: 1 })
    await expect(walked).rejects.toBeInstanceOf(PaginationError)
    await expect(walked).rejects.toThrow(
      'GET http://127.0.0.1:4777/api/v1/sessions: the page at offset 1 repeats sessions already read; stopped',
    )
  })
})
