import { LIMITS, NOT_FOUND_MESSAGES } from '@session-library/schemas'
import { expect, it } from 'vitest'
import { describeTransports, expectAnswer, expectError, NOW } from './support/harness.js'
import { libraryOf, withPreviews } from './support/library.js'

type H = { fetch: (p: string, i?: RequestInit & { json?: unknown }) => Promise<Response> }
const put = (h: H, notes: unknown[], query = '', method = 'PUT') =>
  h.fetch(`/api/v1/sessions/ses_w/waveform-notes${query}`, { method, json: { notes } })
const lane = async (h: H, notes: unknown[], query = '') =>
  (await expectAnswer(await put(h, notes, query), 'waveformNotes.put')).data

const library = () => libraryOf([withPreviews({ id: 'ses_w', preferredPreviewId: 'pv_b' })])

describeTransports('D14 waveform notes', (start) => {
  it('D14: the lane is named by the waveform key of (session, variant); PUT and PATCH replace it', async () => {
    const h = await start({ library: library() })
    const { data: wf } = await expectAnswer(await h.fetch('/api/v1/sessions/ses_w/waveform'), 'waveform.get')
    const first = await lane(h, [{ timestamp: 1, text: 'drop' }])
    expect(first).toMatchObject({ sessionId: 'ses_w', variantId: 'pv_b', key: wf.waveform.key })
    const patched = await expectAnswer(
      await put(h, [{ timestamp: 2, text: 'only' }], '', 'PATCH'),
      'waveformNotes.patch',
    )
    expect(patched.data.notes.map((n: { text: string }) => n.text)).toEqual(['only'])
    const other = await lane(h, [], '?variantId=pv_a')
    expect(other.key).not.toBe(first.key)
  })

  it('D14: ids are assigned when missing; notes sorted by timestamp then id; timestamps from the clock', async () => {
    const h = await start({ library: library() })
    const { notes } = await lane(h, [
      { id: 'z', timestamp: 2, text: 'b' },
      { id: 'y', timestamp: 2, text: 'a' },
      { timestamp: 0.5, text: 'c' },
    ])
    expect(notes.map((n: { id: string }) => n.id).slice(1)).toEqual(['y', 'z'])
    expect(notes[0].id).toEqual(expect.any(String))
    expect(notes[0]).toMatchObject({ timestamp: 0.5, text: 'c', createdAt: NOW, updatedAt: NOW })
  })

  it('D14: duplicate ids are 400', async () => {
    const h = await start({ library: library() })
    const response = await put(h, [
      { id: 'a', timestamp: 1, text: 'x' },
      { id: 'a', timestamp: 2, text: 'y' },
    ])
    await expectError(response, 'invalid_json', /must not repeat a note id/, 400)
  })

  it('D14: createdAt is kept for an id in the lane; updatedAt moves only when the note changed; sent values ignored', async () => {
    const h = await start({ library: library() })
    await lane(h, [
      { id: 'same', timestamp: 1, text: 'x' },
      { id: 'edit', timestamp: 2, text: 'y' },
    ])
    const later = '2026-11-22T08:00:00.000Z'
    h.api.setNow(later)
    const { notes } = await lane(h, [
      { id: 'same', timestamp: 1, text: 'x', createdAt: '2000-01-01T00:00:00.000Z', updatedAt: 'junk' },
      { id: 'edit', timestamp: 2, text: 'changed' },
    ])
    expect(notes[0]).toEqual({ id: 'same', timestamp: 1, text: 'x', createdAt: NOW, updatedAt: NOW })
    expect(notes[1]).toEqual({ id: 'edit', timestamp: 2, text: 'changed', createdAt: NOW, updatedAt: later })
  })

  it('D14: timestamp 0 and = duration are accepted; negative and > duration are 400', async () => {
    const h = await start({ library: library() })
    const { data } = await expectAnswer(await h.fetch('/api/v1/sessions/ses_w/waveform'), 'waveform.get')
    const { duration } = data.waveform
    await lane(h, [
      { timestamp: 0, text: 'start' },
      { timestamp: duration, text: 'end' },
    ])
    await expectError(await put(h, [{ timestamp: -0.001, text: 'x' }]), 'invalid_json', /^notes\[0\]\.timestamp: /, 400)
    const late = await put(h, [{ timestamp: duration + 0.001, text: 'x' }])
    await expectError(late, 'invalid_json', /^notes\[0\]\.timestamp: must be ≤ the waveform's duration/, 400)
  })

  it('D3: the timestamp ≤ duration rule comes after the session and variant 404s', async () => {
    const h = await start({ library: library() })
    const notes = [{ timestamp: 1e9, text: 'x' }]
    await expectError(
      await h.fetch('/api/v1/sessions/none/waveform-notes', { method: 'PUT', json: { notes } }),
      'not_found',
      NOT_FOUND_MESSAGES.session,
    )
    await expectError(await put(h, notes, '?variantId=nope'), 'not_found', NOT_FOUND_MESSAGES.variant)
  })

  it('D14: text of 2,000 characters is accepted; 2,001 or empty is 400', async () => {
    const h = await start({ library: library() })
    await lane(h, [{ timestamp: 1, text: 't'.repeat(LIMITS.noteTextLength) }])
    for (const text of ['t'.repeat(LIMITS.noteTextLength + 1), '']) {
      await expectError(await put(h, [{ timestamp: 1, text }]), 'invalid_json', /^notes\[0\]\.text: /, 400)
    }
  })

  it('D14: a lane holds 1,000 notes; 1,001 is 400', async () => {
    const h = await start({ library: library() })
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `n${i}`, timestamp: 0, text: 'x' }))
    expect((await lane(h, many(LIMITS.notesPerLane))).notes).toHaveLength(LIMITS.notesPerLane)
    await expectError(await put(h, many(LIMITS.notesPerLane + 1)), 'invalid_json', /at most 1000 notes/, 400)
  })

  it('D14: deleting a session deletes its lanes', async () => {
    const h = await start({ library: libraryOf([withPreviews({ id: 'ses_w' }), withPreviews({ id: 'ses_k' })]) })
    await lane(h, [{ timestamp: 1, text: 'x' }])
    await h.fetch('/api/v1/sessions/ses_k/waveform-notes', {
      method: 'PUT',
      json: { notes: [{ timestamp: 1, text: 'k' }] },
    })
    expect(h.api.snapshot().lanes).toHaveLength(2)
    await h.fetch('/api/v1/sessions/ses_w', { method: 'DELETE' })
    expect(h.api.snapshot().lanes.map((l) => l.sessionId)).toEqual(['ses_k'])
  })
})
