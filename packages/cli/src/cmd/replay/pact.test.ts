import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, startServer } from '@session-library/mock-server/node'
import type { Mode, Service } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../test/support/cli.js'
import { recordSuite, SUITE } from '../../../test/support/recorded-suite.js'

// Pact's verifier reports its use over the network unless told not to; nothing a test sets up may reach it.
process.env.PACT_DO_NOT_TRACK = 'true'

const folder = await mkdtemp(join(tmpdir(), 'pact-'))
const recording = join(folder, 'recording.json')

type StateChange = {
  state: string
  params?: { configuredMode?: Mode; effectiveMode?: Mode; unavailable?: Service[] }
  action: string
}

/** Pact's state-change endpoint for the standalone mock: each state set up through its controls. */
async function stateHandler(mock: RunningServer) {
  const seen: string[] = []
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const { state, params = {}, action } = JSON.parse(text) as StateChange
    seen.push(`${action} ${state}`)
    const setup = action === 'setup'
    if (state === 'the library as the mock starts' && setup) await mock.api.reset()
    if (params.effectiveMode)
      mock.api.setMode(
        setup ? (params.configuredMode ?? params.effectiveMode) : 'full-automation',
        setup ? params.effectiveMode : undefined,
      )
    for (const service of params.unavailable ?? []) mock.api.setServiceAvailable(service, !setup)
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/states`
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('session-library pact: a recording exported as a Pact V4 file', () => {
  let mock: RunningServer
  beforeAll(async () => {
    await recordSuite(recording)
    mock = await startServer({ port: 0, ...SUITE })
  })
  afterAll(async () => {
    await mock.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('SPEC §4: every exported interaction passes Pact’s own verifier against the standalone mock', async () => {
    const run = await runCli(['pact', recording, '--consumer', 'suite'])
    expect(run.code).toBe(0)
    const pact = JSON.parse(run.stdout)
    expect(pact).toMatchObject({ consumer: { name: 'suite' }, provider: { name: 'session-library' } })
    expect(pact.metadata.pactSpecification.version).toBe('4.0')
    expect(pact.interactions).toHaveLength(12)
    const id = expect.stringMatching(/^ses_/)
    expect(pact.interactions[0].providerStates).toEqual([{ name: 'the library as the mock starts' }])
    expect(pact.interactions[4].providerStates).toEqual([
      { name: 'the server is in read-only mode', params: { configuredMode: 'read-only', effectiveMode: 'read-only' } },
      { name: 'a session with this id exists', params: { id } },
    ])
    expect(pact.interactions[9].providerStates).toEqual([
      { name: 'no session with this id exists', params: { id: 'ses_missing' } },
    ])
    const file = join(folder, 'suite-session-library.json')
    await writeFile(file, run.stdout)
    const states = await stateHandler(mock)
    const { Verifier } = await import('@pact-foundation/pact-core')
    const verify = (pactUrl: string) =>
      new Verifier({
        providerBaseUrl: mock.origin,
        pactUrls: [pactUrl],
        providerStatesSetupUrl: states.url,
        providerStatesSetupTeardown: true,
        customProviderHeaders: [`Authorization: Bearer ${SUITE.token}`],
        logLevel: 'error',
      }).verify()
    try {
      await expect(verify(file)).resolves.toBeDefined()
      expect(states.seen).toEqual(
        expect.arrayContaining(['setup the library as the mock starts', 'teardown the server is in read-only mode']),
      )
      // The same file with one answer changed fails: the verifier compares what it is given.
      pact.interactions[3].response.body.content.data.tags = ['not-what-the-mock-answers']
      const changed = join(folder, 'changed.json')
      await writeFile(changed, JSON.stringify(pact))
      await expect(verify(changed)).rejects.toBeDefined()
    } finally {
      await states.close()
    }
  })
})
