import { describe, expect, it } from 'vitest'
import type { OperationName } from '../src/client.js'
import { lossQuestion, mayLoseData, operations } from '../src/index.js'

const read = (tags: string[]) => ({ tags: async () => tags })
const params = { id: 'ses_1' }

describe('lossQuestion: what a write loses that its request did not name (D6, D7, D14)', () => {
  it('asks before every delete, tags dropped, notes cleared ("" or null) and a lane emptied', async () => {
    expect(await lossQuestion('sessions.delete', { params }, read([]))).toBe('Delete session ses_1?')
    expect(await lossQuestion('tags.patch', { params, body: { tags: ['a'] } }, read(['a', 'b', 'c']))).toBe(
      'Remove b, c from session ses_1?',
    )
    expect(await lossQuestion('notes.put', { params, body: { notes: null } }, read([]))).toBe(
      'Clear the notes of session ses_1?',
    )
    expect(await lossQuestion('notes.patch', { params, body: { notes: '' } }, read([]))).toBe(
      'Clear the notes of session ses_1?',
    )
    expect(await lossQuestion('waveformNotes.put', { params, body: { notes: [] } }, read([]))).toBe(
      'Remove every waveform note of session ses_1?',
    )
  })

  it('does not ask when the request names what changes: tags kept or added, a text, a note', async () => {
    expect(await lossQuestion('tags.put', { params, body: { tags: ['a', 'b', 'new'] } }, read(['a', 'b']))).toBe(
      undefined,
    )
    expect(await lossQuestion('notes.put', { params, body: { notes: 'text' } }, read([]))).toBe(undefined)
    expect(
      await lossQuestion('waveformNotes.patch', { params, body: { notes: [{ timestamp: 0, text: 'x' }] } }, read([])),
    ).toBe(undefined)
  })

  it('only deletes and whole replacements may lose data; reads, creates and imports never ask', async () => {
    const asking = operations.filter((operation) => mayLoseData(operation.name as OperationName))
    expect(asking.map((operation) => operation.name)).toEqual([
      'sessions.delete',
      'tags.put',
      'tags.patch',
      'notes.put',
      'notes.patch',
      'waveformNotes.put',
      'waveformNotes.patch',
    ])
    expect(await lossQuestion('sessions.update', { params, body: { title: 'x' } }, read([]))).toBe(undefined)
  })
})
