import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { processOutput } from '../../../test-support/processes.js'
import { commands } from '../src/cmd/index.js'
import { loadContract } from '../src/cmdutil/contract.js'
import { TOKEN, useMock } from './support/cli.js'
import { hasShell } from './support/shells.js'

await loadContract()
const mock = useMock({ sessions: 2 })

// A recording of one health read, as any mock in full-automation mode answers it (port, URLs, counts may differ).
const health = { status: 'ok', configuredMode: 'full-automation', effectiveMode: 'full-automation', running: true }
const HEALTH_RECORDING = {
  recording: 1,
  recordedAt: '2026-11-21T10:00:00.000Z',
  exchanges: [
    {
      ...{ seq: 1, method: 'GET', path: '/api/v1/health', query: '', operation: 'health.get', statusCode: 200 },
      ...{ configuredMode: 'full-automation', effectiveMode: 'full-automation', unavailable: [] },
      request: { headers: {} },
      answer: { body: { data: { ...health, port: 1, baseUrl: '', docsUrl: '', requestCount: 0, recentRequests: [] } } },
    },
  ],
}

// What the examples name: files in the folder they run in, projects under ~/Music, a session and its preview.
async function workspace(): Promise<{ home: string; bin: string }> {
  const home = await mkdtemp(join(tmpdir(), 'cli-examples-'))
  const bin = join(home, 'bin')
  for (const folder of ['Music', 'bin', '.zfunc', '.config/fish/completions'])
    await mkdir(join(home, folder), { recursive: true })
  const files: Record<string, string> = {
    'notes.md': '# Mix\nbounce stems\n',
    'notes.txt': 'from a file\n',
    'session.json': JSON.stringify({ title: 'From a file' }),
    'lane.json': JSON.stringify([{ timestamp: 1, text: 'drop' }]),
    'items.json': JSON.stringify([{ projectPath: `${home}/items/a.als` }]),
    'token.txt': `${TOKEN}\n`,
    'recording.json': JSON.stringify(HEALTH_RECORDING),
    'Music/a.als': '',
    'Music/b.als': '',
  }
  for (const [path, text] of Object.entries(files)) await writeFile(join(home, path), text)
  const program = join(bin, 'session-library')
  await writeFile(program, `#!/bin/sh\nexec "${process.execPath}" "${inject('cliBin')}" "$@"\n`)
  await chmod(program, 0o755)
  return { home, bin }
}

const examples = commands
  .filter((command) => !command.hidden)
  .flatMap((command) => (command.examples ?? []).map((line) => [command.words.join(' '), line] as const))

// A pipe to jq needs jq installed; --jq is the program's own.
const needsJq = (line: string) => /\|\s*jq\b/.test(line)

describe('every example line of every --help runs as written (against the mock)', () => {
  it.each(examples.filter(([, line]) => !needsJq(line)))('%s: %s', (_, line) => runs(line))
  it.skipIf(!hasShell('jq')).each(examples.filter(([, line]) => needsJq(line)))(
    hasShell('jq') ? '%s: %s' : '%s: %s (SKIPPED: jq not installed)',
    (_, line) => runs(line),
  )
})

async function runs(line: string): Promise<void> {
  const { home, bin } = await workspace()
  // Each example gets a session of its own (with a preview: the waveform and its notes need one).
  const api = mock.server().api
  const [seeded] = api.snapshot().sessions.filter((session) => session.previews.length > 0)
  const { data } = await (
    await fetch(`${mock.server().url}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Example', tags: ['drums'], notes: 'n' }),
    })
  ).json()
  const id = /prv_1|waveform/.test(line) ? (seeded?.id as string) : (data.id as string)
  // The examples' own server stands for the user's; a login pasted on stdin is the mock's token.
  const script = line
    .replaceAll('ses_1', id)
    .replaceAll('prv_1', seeded?.previews[0]?.id ?? '')
    .replaceAll('http://studio.local:4777/api/v1', mock.server().url)
  const child = spawn('bash', ['-c', `set -o pipefail; ${script}`], {
    cwd: home,
    env: { ...mock.env(), PATH: `${bin}:${process.env.PATH}`, HOME: home, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  child.stdin.end(`${TOKEN}\n`)
  const ran = await processOutput(child)
  expect({ line, code: ran.code, stderr: ran.stderr }).toMatchObject({ line, code: 0 })
}
