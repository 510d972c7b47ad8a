import { UsageError } from '@session-library/internal'
import type { Command } from '../command.js'
import type { GlobalValues } from '../global-flags.js'

/** `clone --data <file>`: writes a running server's library as a `--data` file for the mock. */
export const clone: Command = {
  words: ['clone'],
  summary: "Clone a running server's library into a --data file for the mock",
  description:
    'Reads every session (with its tags, notes and previews), the waveform of each preview variant and, ' +
    'where the server can read them, its waveform notes, and writes them as a library file: then ' +
    "'session-library-mock --data <file>' serves your own library offline. Values the mock would refuse " +
    'are replaced by their defaults and listed. Re-running refreshes the file. Progress goes to stderr.',
  positionals: [],
  flags: () => ({
    data: {
      type: 'string',
      value: '<file>',
      file: true,
      description: 'The library file to write (replaced as a whole).',
    },
  }),
  examples: [
    'session-library clone --data my-library.json --url http://studio.local:4777/api/v1',
    'session-library-mock --data my-library.json   # then serve it offline',
  ],
  async run({ values, output, io, connection }) {
    if (typeof values.data !== 'string' || values.data === '') throw new UsageError('missing --data <file>', ['clone'])
    const { resolveTarget } = await import('../probe/target.js')
    const { readLibrary } = await import('../clone/read-library.js')
    const { writeLibraryFile } = await import('../clone/library-file.js')
    const { createProgress } = await import('../clone/progress.js')
    const target = resolveTarget(values as GlobalValues, await connection())
    let progress: ReturnType<typeof createProgress> | undefined
    const cloned = await readLibrary(target, {
      onTotal: (total) => {
        progress = createProgress(io.stderr, 'sessions', total)
      },
      onSession: () => progress?.tick(),
    })
    progress?.done()
    const library = await writeLibraryFile(values.data, cloned)
    for (const change of cloned.changed) output.message(`changed: ${change}`)
    for (const skip of cloned.skipped) output.message(`skipped: ${skip}`)
    await output.data({
      file: values.data,
      sessions: library.sessions.length,
      waveforms: library.waveforms?.length ?? 0,
      lanes: library.lanes.length,
      changed: cloned.changed.length,
      skipped: cloned.skipped.length,
    })
  },
}
