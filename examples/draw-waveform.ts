// Usage: pnpm example draw-waveform <session-id> [--variant <preview-id>] [--note <time>=<text>]... [--out <file.svg>]
// Draws a session's waveform with its waveform notes as markers to an SVG file; --note (e.g. 1:05=chorus) saves the notes first.
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { LibrarySnapshot } from '@session-library/mock-server'
import type { WaveformNote, WaveformNoteInput } from '@session-library/sdk'
import { runScript } from './lib/cli.js'
import { type Connection, connect } from './lib/client.js'
import { UsageError } from './lib/failures.js'
import { plural } from './lib/format.js'
import { readMockControl } from './lib/mock-control.js'
import { clock, waveformSvg } from './lib/waveform-svg.js'

// `75`, `75.5`, `1:15` or `1:15.5` (minutes and seconds), then `=`, then the text.
function parseNote(argument: string): WaveformNoteInput {
  const match = /^(?:(\d+):)?(\d+(?:\.\d+)?)=(.+)$/s.exec(argument)
  if (!match) throw new UsageError(`--note must look like 75=drop or 1:15=drop, not "${argument}"`)
  const [, minutes = '0', seconds = '0', text = ''] = match
  return { timestamp: Number(minutes) * 60 + Number(seconds), text: text.trim() }
}

// SPEC has no way to read waveform notes back, only to replace them. The mock's control surface
// can show its stored lanes; any other server gets a picture without markers.
async function storedNotes(connection: Connection, sessionId: string, variantId: string): Promise<WaveformNote[]> {
  const snapshot = await readMockControl<LibrarySnapshot>(connection, '/snapshot')
  if (snapshot === undefined) {
    console.log('This server cannot read waveform notes back (the API only replaces them): pass --note to set them.')
    return []
  }
  const lane = snapshot.lanes.find(
    (candidate) => candidate.sessionId === sessionId && candidate.variantId === variantId,
  )
  return lane?.notes ?? []
}

await runScript(
  import.meta.url,
  {
    variant: { type: 'string' },
    note: { type: 'string', multiple: true, default: [] },
    out: { type: 'string', short: 'o' },
  },
  async ({ values, positionals }) => {
    const [id, ...extra] = positionals
    if (id === undefined || extra.length > 0) throw new UsageError('Give exactly one session id (see list-recent).')
    const input = values.note.map(parseNote)
    const connection = connect()
    const { client } = connection

    const session = await client.sessions.get(id)
    const { variantId, waveform } = await client.waveform(
      id,
      values.variant === undefined ? {} : { variantId: values.variant },
    )
    const notes =
      input.length > 0
        ? (await client.waveformNotes.replace(id, input, { variantId })).notes
        : await storedNotes(connection, id, variantId)
    if (input.length > 0) console.log(`Saved ${plural(notes.length, 'waveform note')} on ${session.title}.`)

    const variant = session.previews.find((preview) => preview.id === variantId)?.name ?? variantId
    const facts = [
      session.kind,
      variant,
      clock(waveform.duration),
      `${waveform.sampleRate / 1000} kHz`,
      plural(notes.length, 'note'),
    ]
    const svg = waveformSvg({
      title: session.title,
      subtitle: facts.join(' · '),
      waveform,
      notes,
      accent: session.accent,
    })
    const file = resolve(values.out ?? `${id}.svg`)
    await writeFile(file, svg)
    console.log(
      `Wrote ${file}: ${plural(waveform.peaks.length, 'peak')}, ${plural(notes.length, 'marker')}, ${clock(waveform.duration)} long.`,
    )
  },
)
