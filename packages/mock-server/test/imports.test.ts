import { LIMITS } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError } from './support/harness.js'
import { libraryOf } from './support/library.js'

type H = { fetch: (p: string, i?: RequestInit & { json?: unknown }) => Promise<Response> }
const start = (h: H, json: unknown) => h.fetch('/api/v1/import', { method: 'POST', json })
const sessionsAt = async (h: H, path: string) =>
  (await (await h.fetch('/api/v1/sessions?limit=500')).json()).data.filter(
    (s: { projectPath: string }) => s.projectPath === path,
  )

describeTransports('D15 import', (begin) => {
  it('D15: answers 202 before any item runs: completed, failed, skipped 0, done false, total the item count', async () => {
    const h = await begin({ sessions: 0, importDelay: 400 })
    const body = await expectAnswer(
      await start(h, { items: [{ projectPath: '/a.als' }, { projectPath: '/b.als' }] }),
      'imports.start',
    )
    expect(body.data).toMatchObject({ total: 2, completed: 0, failed: 0, skipped: 0, done: false })
    expect(await sessionsAt(h, '/a.als')).toEqual([])
    await h.api.idle()
    expect(h.api.imports()[0]).toMatchObject({ importId: body.data.importId, completed: 2, done: true })
  })

  it('D15: created sessions appear in the list as they are made', async () => {
    const h = await begin({ sessions: 0, importDelay: 300 })
    await start(h, { items: [{ projectPath: '/first.als' }, { projectPath: '/second.als' }] })
    await expect.poll(async () => (await sessionsAt(h, '/first.als')).length, { interval: 5 }).toBe(1)
    expect(h.api.imports()[0]?.done).toBe(false)
    await h.api.idle()
    expect(await sessionsAt(h, '/second.als')).toHaveLength(1)
  })

  it('D15: title from item title or the file name without extension; kind from request, projectType, extension, else other', async () => {
    const h = await begin({ sessions: 0 })
    await start(h, {
      items: [
        { projectPath: '/m/Night Drive.als' },
        { projectPath: '/m/Song.logicx/', title: ' Named ' },
        { projectPath: '/m/x.flp', projectType: 'custom' },
        { projectPath: '/m/readme.txt' },
        { projectPath: '/m/Upper.RPP' },
      ],
    })
    await h.api.idle()
    const pick = async (path: string) => (await sessionsAt(h, path))[0]
    expect(await pick('/m/Night Drive.als')).toMatchObject({ title: 'Night Drive', kind: 'ableton' })
    expect(await pick('/m/Song.logicx/')).toMatchObject({
      title: 'Named',
      kind: 'logic',
      projectOriginalPath: '/m/Song.logicx/',
    })
    expect(await pick('/m/x.flp')).toMatchObject({ kind: 'custom' })
    expect(await pick('/m/readme.txt')).toMatchObject({ title: 'readme', kind: 'other' })
    expect(await pick('/m/Upper.RPP')).toMatchObject({ kind: 'reaper' })
    await start(h, { kind: 'bitwig', items: [{ projectPath: '/m/y.als', projectType: 'z' }] })
    await h.api.idle()
    expect(await pick('/m/y.als')).toMatchObject({ kind: 'bitwig' })
  })

  it('D15: items whose projectPath belongs to a session (projectPath, projectOriginalPath, this batch) are skipped', async () => {
    const h = await begin({ library: libraryOf([{ projectPath: '/now.als', projectOriginalPath: '/was.als' }]) })
    await start(h, {
      items: [
        { projectPath: '/now.als' },
        { projectPath: '/was.als' },
        { projectPath: '/new.als' },
        { projectPath: '/new.als' },
      ],
    })
    await h.api.idle()
    const [progress] = h.api.imports()
    expect(progress).toMatchObject({ total: 4, completed: 1, skipped: 3, failed: 0, done: true })
    expect(progress?.createdSessionIds).toHaveLength(1)
  })

  it('D15: an item whose derived title breaks D5 fails alone and the batch goes on', async () => {
    const h = await begin({ sessions: 0 })
    await start(h, { items: [{ projectPath: '/' }, { projectPath: '/ok.als' }] })
    await h.api.idle()
    expect(h.api.imports()[0]).toMatchObject({ completed: 1, failed: 1, done: true })
  })

  it('D15: generatePreviews with a previewAudioPath gives one preview of that path, pending then ready', async () => {
    const h = await begin({ sessions: 0, importDelay: 40 })
    await start(h, { generatePreviews: true, items: [{ projectPath: '/p.als', previewAudioPath: '/p/mix.wav' }] })
    await expect.poll(async () => (await sessionsAt(h, '/p.als')).length, { interval: 5 }).toBe(1)
    const [pending] = await sessionsAt(h, '/p.als')
    expect(pending.previewStatus).toBe('pending')
    expect(pending.previews).toEqual([{ id: expect.any(String), name: 'mix', path: '/p/mix.wav', status: 'pending' }])
    await h.api.idle()
    const [ready] = await sessionsAt(h, '/p.als')
    expect([ready.previewStatus, ready.previews[0].status, ready.preferredPreviewId]).toEqual([
      'ready',
      'ready',
      ready.previews[0].id,
    ])
  })

  it('D15: without generatePreviews (default false) no preview is made', async () => {
    const h = await begin({ sessions: 0 })
    await start(h, { items: [{ projectPath: '/p.als', previewAudioPath: '/p/mix.wav' }] })
    await h.api.idle()
    expect((await sessionsAt(h, '/p.als'))[0].previews).toEqual([])
  })

  it('D15: 1 and 1,000 items are accepted; 0 and 1,001 are 400; projectPath is required and non-empty', async () => {
    const h = await begin({ sessions: 0, importDelay: 0 })
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ projectPath: `/bulk/${i}.als` }))
    await expectAnswer(await start(h, { items: items(1) }), 'imports.start')
    await expectAnswer(await start(h, { items: items(LIMITS.importItems) }), 'imports.start')
    h.api.dispose()
    await expectError(await start(h, { items: [] }), 'invalid_json', 'items: must hold at least 1 item')
    await expectError(
      await start(h, { items: items(LIMITS.importItems + 1) }),
      'invalid_json',
      'items: must hold at most 1000 items',
    )
    await expectError(await start(h, { items: [{}] }), 'invalid_json', 'items[0].projectPath: is required')
    await expectError(await start(h, { items: [{ projectPath: '' }] }), 'invalid_json', /^items\[0\]\.projectPath: /)
  })
})
