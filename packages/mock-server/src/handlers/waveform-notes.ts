import { InvalidInput } from '../errors/lookup-errors.js'
import { nextLane } from '../store/waveform-notes.js'
import { chooseVariant, waveformOf } from '../waveform/waveforms.js'
import type { HandlerTable, OperationHandler } from './context.js'

const replaceLane: OperationHandler<'waveformNotes.put' | 'waveformNotes.patch'> = async ({
  params,
  query,
  body,
  runtime,
}) => {
  const { library, clock } = runtime
  const record = library.requireSession(params.id)
  const preview = chooseVariant(record, query.variantId)
  const stored = library.storedWaveform(record.id, preview.id)
  const { key, duration } = await waveformOf(record.id, preview, runtime.readAudio, stored)
  // D3's last step: a rule that needs the session's waveform, after its 404s.
  const late = body.notes.flatMap((note, index) =>
    note.timestamp > duration ? [`notes[${index}].timestamp: must be ≤ the waveform's duration (${duration} s)`] : [],
  )
  if (late.length > 0) throw new InvalidInput(late.join('; '))
  const previous = library.lanes.get(key)
  const notes = nextLane(previous?.notes ?? [], body.notes, clock.iso(), () => library.newId('wn'))
  const lane = { sessionId: record.id, variantId: preview.id, key, notes }
  if (previous) library.lanes.update(key, (draft) => Object.assign(draft, lane))
  else await library.lanes.insert(lane)
  return { data: lane }
}

/** Waveform note lanes (D14): PUT and PATCH both replace the lane of a session and variant. */
export const waveformNoteHandlers = {
  'waveformNotes.put': replaceLane,
  'waveformNotes.patch': replaceLane,
} satisfies HandlerTable<'waveformNotes.put' | 'waveformNotes.patch'>
