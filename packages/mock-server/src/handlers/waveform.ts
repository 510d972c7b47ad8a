import { chooseVariant, waveformOf } from '../waveform/waveforms.js'
import type { HandlerTable } from './context.js'

/** The waveform of a session's preview variant (D12, D13). */
export const waveformHandlers = {
  'waveform.get': async ({ params, query, runtime }) => {
    const record = runtime.library.requireSession(params.id)
    const preview = chooseVariant(record, query.variantId)
    const stored = runtime.library.storedWaveform(record.id, preview.id)
    const waveform = await waveformOf(record.id, preview, runtime.readAudio, stored)
    return { data: { sessionId: record.id, variantId: preview.id, waveform } }
  },
} satisfies HandlerTable<'waveform.get'>
