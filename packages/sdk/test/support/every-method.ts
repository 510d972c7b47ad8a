import { expect } from 'vitest'
import type { SessionLibrary } from '../../src/index.js'

/**
 * Calls every method of the client once against a mock in full-automation mode and checks each
 * answer's shape; returns the operations seen, so that a test can prove none was skipped.
 */
export async function exerciseEveryMethod(client: SessionLibrary): Promise<void> {
  const health = await client.health()
  expect(health).toMatchObject({ status: 'ok', running: true, effectiveMode: 'full-automation' })

  const page = await client.sessions.list({ limit: 5, sort: 'title' })
  expect(page.data.length).toBeLessThanOrEqual(5)
  expect(page.meta).toMatchObject({ limit: 5, offset: 0 })

  const created = await client.sessions.create({ title: 'SDK Session', tags: ['sdk'], projectPath: '/sdk/a.als' })
  expect(created).toMatchObject({ title: 'SDK Session', tags: ['sdk'], kind: 'other', status: 'idea' })
  await expect(client.sessions.get(created.id)).resolves.toEqual(created)
  await expect(client.sessions.update(created.id, { status: 'mixing' })).resolves.toMatchObject({ status: 'mixing' })

  await expect(client.tags.replace(created.id, ['a', 'b'])).resolves.toEqual({ id: created.id, tags: ['a', 'b'] })
  await expect(client.tags.add(created.id, ['b', 'c'])).resolves.toMatchObject({ tags: ['a', 'b', 'c'] })
  await expect(client.tags.remove(created.id, ['a'])).resolves.toMatchObject({ tags: ['b', 'c'] })
  await expect(client.tags.get(created.id)).resolves.toMatchObject({ tags: ['b', 'c'] })

  await expect(client.notes.set(created.id, 'bridge')).resolves.toEqual({ id: created.id, notes: 'bridge' })
  await expect(client.notes.get(created.id)).resolves.toEqual({ id: created.id, notes: 'bridge' })
  await expect(client.notes.clear(created.id)).resolves.toEqual({ id: created.id, notes: '' })

  const withPreview = (await client.sessions.all()).find((session) => session.previews.length > 0)
  if (!withPreview) throw new Error('the mock seeded no session with a preview')
  const variantId = withPreview.previews[0]!.id
  await expect(client.preview(withPreview.id)).resolves.toMatchObject({ id: withPreview.id })
  const { waveform } = await client.waveform(withPreview.id, { variantId })
  expect(waveform.peaks).toHaveLength(waveform.bucketCount)
  const lane = await client.waveformNotes.replace(withPreview.id, [{ timestamp: 0, text: 'start' }], { variantId })
  expect(lane).toMatchObject({ sessionId: withPreview.id, variantId, key: waveform.key })
  expect(lane.notes.map((note) => note.text)).toEqual(['start'])

  const started = await client.imports.start({ items: [{ projectPath: '/sdk/imported.als' }] })
  expect(started).toMatchObject({ total: 1, completed: 0, done: false })

  const counts = await client.tagCounts()
  expect(counts.find((count) => count.tag === 'sdk')).toBeUndefined()
  expect(counts.find((count) => count.tag === 'b')).toMatchObject({ count: expect.any(Number) })

  await expect(client.sessions.delete(created.id)).resolves.toEqual({ deleted: true, id: created.id })
}
