import { UsageError } from '@session-library/internal'
import type { Command, Context } from '../../cmdutil/command.js'
import { ask } from '../../cmdutil/confirm.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'
import { interactive } from '../../cmdutil/iostreams.js'
import type { Replayed, ReplayReport } from './run.js'

// Writes are sent only when a person says yes to the server and the count, or --yes does; a pipe is never asked.
async function confirmWrites(context: Context, count: number, baseUrl: string): Promise<void> {
  if (count === 0 || context.values.yes === true) return
  const question = `Send ${count} writes to ${baseUrl}? They change its library.`
  if (!interactive(context.io)) throw new CliError(`${question} Not asked on a pipe: add --yes`, EXIT.usage)
  await ask(context.io, question, 'cancelled; nothing was sent')
}

function contract({ skipped, breaking, informational }: Replayed): string {
  if (skipped) return ''
  if (breaking > 0) return `breaking: ${breaking}`
  return informational > 0 ? `exact: ${informational}` : 'valid'
}

const row = (one: Replayed) => ({
  request: one.request,
  status: `${one.recorded}${one.skipped || one.status === one.recorded ? '' : ` → ${one.status ?? 'none'}`}`,
  contract: contract(one),
  fields: one.differences.map((difference) => difference.path).join(', '),
  result: one.skipped ? `skipped: ${one.skipped}` : one.departs ? 'departs' : 'equal',
})

async function printReplay(report: ReplayReport, context: Context): Promise<void> {
  const { output } = context
  if (output.json) return output.data(report)
  await output.data(report.replayed.map(row))
  const skipped = report.replayed.filter((one) => one.skipped).length
  const sent = report.replayed.length - skipped
  output.message(
    `\nreplayed ${sent} of ${report.replayed.length} requests against ${report.baseUrl}: ` +
      `${sent - report.departed} equal, ${report.departed} departed, ${skipped} skipped`,
  )
}

export const replay: Command = {
  words: ['replay'],
  summary: 'Replay a recording of the mock against a live server and compare the answers',
  description:
    "Sends the requests of a recording (the mock's --record file, or writeRecording's) to the server, in " +
    'order, each id the recording got from the mock replaced by the one the server gave (a session it ' +
    'created), and compares each answer with the mock’s: the status, the contract (tolerant and exact ' +
    'schemas) and every field but ids, timestamps and made paths. Reads only, unless --writes: then it ' +
    'asks first, naming the server and the number of writes (--yes to skip; a pipe needs --yes), and never ' +
    'writes to a server not in full-automation mode. Exit code 4 when a request departs.',
  positionals: [{ name: 'recording', description: 'The recording file.', file: true }],
  flags: () => ({
    writes: { type: 'boolean', description: 'Also send the recorded writes (asks first).' },
    yes: { type: 'boolean', description: 'Send the writes without asking.' },
  }),
  examples: [
    'session-library replay recording.json --url http://studio.local:4777/api/v1   # reads only',
    'session-library replay recording.json --writes --yes --json > replay.json',
  ],
  async run(context) {
    const { values, positionals } = context
    const { resolveTarget } = await import('../../probe/target.js')
    const { readRecording } = await import('./recording-file.js')
    const run = await import('./run.js')
    const recording = await readRecording(positionals[0] as string, context.io)
    const target = await resolveTarget(context)
    const liveMode = await run.liveModeOf(target)
    const writes = values.writes === true
    if (writes && liveMode !== 'full-automation')
      throw new CliError(`${target.baseUrl} is in ${String(liveMode)} mode: no write is sent (D1)`, EXIT.usage)
    if (writes) await confirmWrites(context, run.writesOf(recording, liveMode), target.baseUrl)
    const report = await run.replay(recording, target, { writes, liveMode })
    await printReplay(report, context)
    if (report.departed > 0) throw new CliError(`${report.departed} requests departed from the recording`, EXIT.invalid)
  },
}

export const pact: Command = {
  words: ['pact'],
  json: true,
  summary: 'Export a recording of the mock as a Pact V4 file',
  description:
    'Prints the recording as a Pact V4 file (JSON) for a Pact verifier or broker: each request the mock ' +
    'answered, its answer, provider states (the library as the mock starts, a session with this id ' +
    'exists, the mode and the services unavailable) and type matchers on ids, timestamps and made paths. ' +
    'The token is not in it: give the verifier the Authorization header.',
  positionals: [{ name: 'recording', description: 'The recording file.', file: true }],
  flags: () => ({
    consumer: { type: 'string', value: '<name>', description: 'The consumer: your tool.' },
    provider: { type: 'string', value: '<name>', description: 'The provider (default: session-library).' },
  }),
  examples: ['session-library pact recording.json --consumer my-tool > my-tool-session-library.json'],
  async run({ values, positionals, output, io }) {
    const { consumer, provider = 'session-library' } = values
    if (typeof consumer !== 'string' || consumer === '') throw new UsageError('missing --consumer <name>', ['pact'])
    const { readRecording } = await import('./recording-file.js')
    const { pactOf } = await import('./pact.js')
    const recording = await readRecording(positionals[0] as string, io)
    await output.data(pactOf(recording, { consumer, provider: String(provider) }))
  },
}
