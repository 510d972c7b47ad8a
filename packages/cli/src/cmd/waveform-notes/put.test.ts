import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Session } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { json, runCli, useMock } from '../../../test/support/cli.js'

const mock = useMock({ sessions: 6 })
const run = (args: string[], stdin?: string) => runCli(args, { env: mock.env(), ...(stdin !== undefined && { stdin }) })

describe('waveform-notes put and patch', () => {
  it('waveform-notes put / patch: a JSON-valued flag (--notes) and --variant for the variant (D14)', async () => {
    const session = mock
      .server()
      .api.snapshot()
      .sessions.find((one) => one.previews.length > 0) as unknown as Session
    const variant = session.previews[0]?.id as string
    const put = await run([
      'waveform-notes',
      'put',
      session.id,
      '--variant',
      variant,
      '--notes',
      '[{"timestamp":1.5,"text":"drop"}]',
      '--json',
    ])
    expect(put.code).toBe(0)
    expect(json(put)).toMatchObject({
      sessionId: session.id,
      variantId: variant,
      notes: [{ timestamp: 1.5, text: 'drop' }],
    })
    const patch = await run(
      ['waveform-notes', 'patch', session.id, '--notes', '-', '--json'],
      '[{"timestamp":0.5,"text":"intro"}]',
    )
    expect(json(patch)).toMatchObject({ notes: [{ timestamp: 0.5, text: 'intro' }] })
  })
  it('a lane is read from a file as any long value is (@lane.json), the same for PUT and PATCH', async () => {
    const session = mock
      .server()
      .api.snapshot()
      .sessions.find((one) => one.previews.length > 0) as unknown as Session
    const directory = await mkdtemp(join(tmpdir(), 'cli-lane-'))
    await writeFile(join(directory, 'lane.json'), '[{"timestamp":2,"text":"from a file"}]\n')
    for (const verb of ['put', 'patch']) {
      const ran = await runCli(['waveform-notes', verb, session.id, '--notes', '@lane.json', '--json'], {
        env: mock.env(),
        cwd: directory,
      })
      expect(json(ran)).toMatchObject({ notes: [{ timestamp: 2, text: 'from a file' }] })
    }
  })
})
