import type { ParsedBodyOf, WaveformNote } from '@session-library/schemas'

/**
 * The lane that replaces `previous` (D14): ids assigned where missing, `createdAt` kept for an id
 * already in the lane, `updatedAt` moved only when the note changed, sorted by timestamp then id.
 */
export function nextLane(
  previous: readonly WaveformNote[],
  inputs: ParsedBodyOf<'waveformNotes.put'>['notes'],
  now: string,
  newId: () => string,
): WaveformNote[] {
  const before = new Map(previous.map((note) => [note.id, note]))
  const taken = new Set(inputs.flatMap((input) => (input.id === undefined ? [] : [input.id])))
  const freshId = () => {
    let id = newId()
    while (taken.has(id)) id = newId()
    return id
  }
  const notes = inputs.map(({ id = freshId(), timestamp, text }) => {
    const old = before.get(id)
    if (!old) return { id, timestamp, text, createdAt: now, updatedAt: now }
    const changed = old.timestamp !== timestamp || old.text !== text
    return { id, timestamp, text, createdAt: old.createdAt, updatedAt: changed ? now : old.updatedAt }
  })
  return notes.sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}
