import { compareText, type ParsedBodyOf, type WaveformNote } from '@session-library/schemas'
import { InvalidInput } from '../primitives/errors.js'
import type { HandlerTable, OperationHandler } from './context.js'
import { variantWaveform } from './waveform.js'

/** The lane that replaces `previous` (D14): ids assigned, `createdAt` kept, `updatedAt` moved on a change, sorted. */
function nextLane(
  previous: readonly WaveformNote[],
  inputs: ParsedBodyOf<LaneOperation>['notes'],
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
  return notes.sort((a, b) => a.timestamp - b.timestamp || compareText(a.id, b.id))
}

/** The operations of a note lane, which PUT and PATCH both replace (D14). */
type LaneOperation = 'waveformNotes.put' | 'waveformNotes.patch'

const replaceLane: OperationHandler<LaneOperation> = async ({ params, query, body, runtime }) => {
  const { library, clock } = runtime
  const { record, preview, waveform } = await variantWaveform(runtime, params.id, query.variantId)
  const { key, duration } = waveform
  // D3's last step: a rule that needs the session's waveform, after its 404s.
  const late = body.notes.flatMap((note, index) =>
    note.timestamp > duration ? [`notes[${index}].timestamp: must be ≤ the waveform's duration (${duration} s)`] : [],
  )
  if (late.length > 0) throw new InvalidInput(late.join('; '))
  const previous = library.lanes.peek(key)
  const notes = nextLane(previous?.notes ?? [], body.notes, clock.iso(), () => library.newId('wn'))
  const lane = { sessionId: record.id, variantId: preview.id, key, notes }
  if (previous) library.lanes.update(key, (draft) => Object.assign(draft, lane))
  else await library.lanes.insert(lane)
  return { data: lane }
}

/** A preview variant's note lane. */
export const waveformNoteHandlers = {
  'waveformNotes.put': replaceLane,
  'waveformNotes.patch': replaceLane,
} satisfies HandlerTable<LaneOperation>
