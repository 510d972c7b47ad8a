import type { Runtime } from '../runtime/runtime.js'
import { waveformKey } from '../store/records.js'
import { chooseVariant, waveformOf } from '../waveform/waveforms.js'
import type { HandlerTable } from './context.js'

/** The session, its preview variant a request names (D12) and that variant's waveform (D13), or their 404s. */
export async function variantWaveform(runtime: Runtime, sessionId: string, variantId: string | undefined) {
  const { library } = runtime
  const record = library.readSession(sessionId)
  const preview = chooseVariant(record, variantId)
  const stored = library.waveforms.peek(waveformKey(record.id, preview.id))?.waveform
  const waveform = await waveformOf(record.id, preview, runtime.readAudio, stored)
  return { record, preview, waveform }
}

/** A preview variant's waveform (D12, D13). */
export const waveformHandlers = {
  'waveform.get': async ({ params, query, runtime }) => {
    const { record, preview, waveform } = await variantWaveform(runtime, params.id, query.variantId)
    return { data: { sessionId: record.id, variantId: preview.id, waveform } }
  },
} satisfies HandlerTable<'waveform.get'>
