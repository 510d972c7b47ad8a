import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Session } from '@session-library/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLOT } from '../lib/waveform-svg.js'
import { startLibrary, type TestLibrary } from './helpers/library.js'
import { runExample } from './helpers/run-example.js'
import { elements, parseXml } from './helpers/xml.js'

let library: TestLibrary
let session: Session
beforeAll(async () => {
  // The demo library: its sessions have previews, so they have waveforms (D12, D13).
  library = await startLibrary([], { sessions: 4 })
  const withPreviews = (await library.client.sessions.all()).filter((candidate) => candidate.previews.length > 1)
  session = withPreviews[0] as Session
})
afterAll(() => library.close())

async function drawing(file: string) {
  const svg = parseXml(await readFile(file, 'utf8'))
  const all = elements(svg)
  const withClass = (name: string) => all.filter((element) => element.attributes.class === name)
  return { svg, all, peaks: withClass('peaks'), markers: withClass('marker'), labels: withClass('marker-label') }
}

const xAt = (seconds: number, duration: number) => PLOT.left + (seconds / duration) * PLOT.width

describe('draw-waveform', () => {
  it('D13, D14: saves --note markers and draws one peak shape and one marker per note at its time', async () => {
    const variant = session.previews[1]?.id ?? ''
    const { waveform } = await library.client.waveform(session.id, { variantId: variant })
    expect(waveform.duration).toBeGreaterThan(45) // the notes below fit in the audio
    const out = join(library.folder, 'with-notes.svg')
    const notes = ['0:45=chorus', '12.5=drop & <build>']
    const { code, stdout, stderr } = await runExample(
      'draw-waveform',
      [session.id, '--variant', variant, ...notes.flatMap((note) => ['--note', note]), '--out', out],
      library.env,
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain(`Saved 2 waveform notes on ${session.title}.`)
    expect(stdout).toContain(`Wrote ${out}: ${waveform.bucketCount} peaks, 2 markers`)

    const { svg, all, peaks, markers, labels } = await drawing(out)
    expect(svg.name).toBe('svg')
    expect(all.find((element) => element.name === 'title')?.text).toBe(session.title)
    expect(peaks).toHaveLength(1)
    expect(peaks[0]?.name).toBe('path')
    expect(peaks[0]?.attributes.d?.match(/M/g)?.length).toBe(Math.min(waveform.bucketCount, Math.floor(PLOT.width / 3)))
    // The lane comes back sorted by timestamp (D14), so the markers are in time order.
    expect(markers.map((marker) => Number(marker.attributes.x1))).toEqual([
      expect.closeTo(xAt(12.5, waveform.duration), 1),
      expect.closeTo(xAt(45, waveform.duration), 1),
    ])
    expect(labels.map((label) => label.text)).toEqual(['0:12  drop & <build>', '0:45  chorus'])
    const lane = library.server.api.snapshot().lanes.find((candidate) => candidate.variantId === variant)
    expect(lane?.notes.map((note) => note.timestamp)).toEqual([12.5, 45])
  })

  it("D14: without --note, draws the lane the mock's control surface shows", async () => {
    const { variantId, waveform } = await library.client.waveform(session.id)
    const lane = [
      { timestamp: 3, text: 'count-in' },
      { timestamp: 20, text: 'verse' },
      { timestamp: 40, text: 'hook' },
    ]
    await library.client.waveformNotes.replace(session.id, lane, { variantId })
    const out = join(library.folder, 'stored.svg')
    const { code } = await runExample('draw-waveform', [session.id, '--out', out], library.env)
    expect(code).toBe(0)
    const { markers } = await drawing(out)
    expect(markers.map((marker) => Number(marker.attributes.x1))).toEqual(
      lane.map((note) => expect.closeTo(xAt(note.timestamp, waveform.duration), 1)),
    )
  })

  it('D14: a note past the end of the audio is refused by the server, and no file is written (exit 1)', async () => {
    const out = join(library.folder, 'refused.svg')
    const { code, stderr } = await runExample(
      'draw-waveform',
      [session.id, '--note', '99:00=late', '--out', out],
      library.env,
    )
    expect(code).toBe(1)
    expect(stderr).toContain("400 invalid_json: notes[0].timestamp: must be ≤ the waveform's duration")
    await expect(readFile(out)).rejects.toThrow('ENOENT')
  })
})
