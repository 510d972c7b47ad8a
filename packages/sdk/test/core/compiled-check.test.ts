import { routes } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { passes } from '../../src/core/answer-body.js'
import { healthAnswer, sessionAnswer } from '../support/fixtures.js'

const at = '2026-11-21T10:00:00.000Z'
const preview = { id: 'pv_1', name: 'Mix', path: '/m/mix.wav', status: 'ready' }
const session = sessionAnswer('ses_1', { previews: [preview], tags: ['a'], rating: 5 })
const lane = {
  sessionId: 'ses_1',
  variantId: 'pv_1',
  key: 'k',
  notes: [{ id: 'wn_1', timestamp: 1, text: 't', createdAt: at, updatedAt: at }],
}
const waveform = { key: 'k', bucketCount: 2, duration: 1, sampleRate: 48_000, audioVersion: 'v1', peaks: [0, 1] }
const importResult = { importId: 'imp_1', total: 1, completed: 0, failed: 0, skipped: 0, done: false, durationMs: 0 }

// One valid answer per operation, with an unknown field here and there (DECISIONS preamble).
const answers = {
  'health.get': { data: { ...healthAnswer, recentRequests: [{ method: 'GET', path: '/x', statusCode: 200, at }] } },
  'sessions.list': { data: [session, sessionAnswer('ses_2')], meta: { total: 2, limit: 50, offset: 0 } },
  'sessions.get': { data: session },
  'sessions.delete': { data: { deleted: true, id: 'ses_1' } },
  'tags.get': { data: { id: 'ses_1', tags: ['a', 'b'] } },
  'notes.get': { data: { id: 'ses_1', notes: '' } },
  'preview.get': { data: { ...sessionAnswer('ses_1'), previews: [preview] } },
  'waveform.get': { data: { sessionId: 'ses_1', variantId: 'pv_1', waveform } },
  'waveformNotes.put': { data: lane },
  'imports.start': { data: importResult },
  'tagCounts.list': { data: [{ tag: 'a', count: 1 }] },
} as const

// Every way to break one field: a wrong type in its place, or the field gone.
function* mutations(value: unknown, path: PropertyKey[] = []): Generator<unknown> {
  if (typeof value !== 'object' || value === null) return
  const entries = Object.entries(value)
  for (const [key, inner] of entries) {
    for (const wrong of [null, 7, 'x', true, [], {}, undefined]) {
      if (wrong !== inner)
        yield Array.isArray(value) ? Object.assign([...value], { [key]: wrong }) : { ...value, [key]: wrong }
    }
    for (const deeper of mutations(inner, [...path, key])) {
      yield Array.isArray(value) ? Object.assign([...value], { [key]: deeper }) : { ...value, [key]: deeper }
    }
  }
}

describe('the compiled check that spares zod on valid answers', () => {
  it.each(Object.entries(answers))(
    '%s: a valid answer passes without zod, and zod agrees it is unchanged',
    (name, answer) => {
      const schema = routes[name as keyof typeof routes].answer.tolerant
      expect(passes(schema, answer)).toBe(true)
      expect(schema.safeParse(answer)).toEqual({ success: true, data: answer })
    },
  )

  it.each(Object.entries(answers))(
    '%s: whenever it vouches for a broken answer, zod accepts it unchanged too',
    (name, answer) => {
      const schema = routes[name as keyof typeof routes].answer.tolerant
      let vouched = 0
      let refused = 0
      for (const broken of mutations(answer)) {
        const result = schema.safeParse(broken)
        if (passes(schema, broken)) {
          vouched += 1
          expect(result).toEqual({ success: true, data: broken })
        } else refused += 1
      }
      expect(refused).toBeGreaterThan(0)
      expect(vouched + refused).toBeGreaterThan(10)
    },
  )

  it('DECISIONS preamble: lastError null is left to zod, which reads it as absent', () => {
    const schema = routes['health.get'].answer.tolerant
    const answer = { data: { ...healthAnswer, lastError: null } }
    expect(passes(schema, answer)).toBe(false)
    expect(schema.parse(answer).data.lastError).toBeUndefined()
    expect(passes(schema, { data: { ...healthAnswer, lastError: 'disk full' } })).toBe(false)
    expect(passes(schema, { data: healthAnswer })).toBe(true)
  })
})
