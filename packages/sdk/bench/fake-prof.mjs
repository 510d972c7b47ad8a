import { SessionLibrary } from '/work/wt/sdk/packages/sdk/dist/index.js'
const one = JSON.stringify({ data: { id: 'ses_1', title: 'S', kind: 'ableton', status: 'idea', accent: '', tags: [], notes: '', lastOpened: '2026-11-21T10:00:00.000Z', projectPath: '', projectOriginalPath: '', previewStatus: 'none', previewUrl: '', previewAudioUrl: '', previewAudioMime: '', preferredPreviewId: '', previews: [] } })
globalThis.fetch = async () => new Response(one, { headers: { 'content-type': 'application/json' } })
const client = new SessionLibrary({ token: 't', baseUrl: 'http://h.test/api/v1' })
for (let i = 0; i < 60000; i++) await client.sessions.get('ses_1')
