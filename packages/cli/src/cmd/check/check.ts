import type { Command } from '../../cmdutil/command.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'

/** The exit code of a run stopped by Ctrl-C, as shells report it (128 + SIGINT). */
const INTERRUPTED = 130

export const check: Command = {
  words: ['check'],
  summary: 'Check a running server against the contract',
  description:
    'Sends every read of the contract (the list with its filters, sorts and pages; each read of a session; ' +
    'a wrong token: 401; an unknown session and route: 404) and checks each answer against the contract. ' +
    'Breaking departures are answers the SDK would reject; informational ones differ from the mock only. ' +
    'With --writes, and only in full-automation mode, it also exercises every write on a session it creates ' +
    'and deletes again, leaving the library as found, also on Ctrl-C. Exit code 4 when something breaks the SDK.',
  flags: () => ({
    writes: { type: 'boolean', description: 'Also exercise every write, on a session created and deleted again.' },
  }),
  examples: [
    'session-library check --url http://studio.local:4777/api/v1   # reads only',
    'session-library check --writes --json > report.json',
  ],
  async run({ values, output, io, connection }) {
    const { resolveTarget } = await import('../../probe/target.js')
    const { runCheck } = await import('./run.js')
    const { printCheck } = await import('./output.js')
    const target = await resolveTarget({ values, connection })
    let interrupted = false
    const off = io.onInterrupt(() => {
      interrupted = true
      output.message('interrupted: finishing the request under way and cleaning up')
    })
    try {
      const report = await runCheck(target, { writes: values.writes === true, stopped: () => interrupted })
      await printCheck(report, output)
      if (interrupted) throw new CliError('check interrupted', INTERRUPTED)
      if (report.breaking > 0)
        throw new CliError(`${report.breaking} breaking departures: the SDK would fail on these answers`, EXIT.invalid)
    } finally {
      off()
    }
  },
}
