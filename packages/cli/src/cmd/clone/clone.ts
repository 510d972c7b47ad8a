import { UsageError } from '@session-library/internal'
import type { Command } from '../../cmdutil/command.js'
import type { OutStream } from '../../cmdutil/iostreams.js'

const WIDTH = 30

// A progress bar on stderr: redrawn in place on a terminal, a line at each quarter otherwise (a log
// or a pipe gets no carriage returns).
function createProgress(stream: OutStream, label: string) {
  let count = 0
  let total = 0
  const line = () => {
    const filled = total === 0 ? WIDTH : Math.round((count / total) * WIDTH)
    return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${count}/${total} ${label}`
  }
  const quarter = (done: number) => Math.floor((done / total) * 4)
  return {
    start(sessions: number) {
      total = sessions
    },
    tick() {
      count += 1
      if (stream.isTTY) stream.write(`\r${line()}`)
      else if (count < total && quarter(count) > quarter(count - 1)) stream.write(`${line()}\n`)
    },
    done() {
      stream.write(`${stream.isTTY ? '\r' : ''}${line()}\n`)
    },
  }
}

export const clone: Command = {
  words: ['clone'],
  summary: "Clone a running server's library into a --data file for the mock",
  description:
    'Reads every session (with its tags, notes and previews), the waveform of each preview variant and, ' +
    'where the server can read them, its waveform notes, and writes them as a library file: then ' +
    "'session-library-mock --data <file>' serves your own library offline. Values the mock would refuse " +
    'are replaced by their defaults and listed. Re-running refreshes the file. Progress goes to stderr. ' +
    'A file a running mock serves is refused (stop the mock first); a symbolic link is written through to its target.',
  flags: () => ({
    data: {
      type: 'string',
      value: '<file>',
      file: true,
      description: 'The library file to write (replaced as a whole).',
    },
  }),
  examples: ['session-library clone --data my-library.json --url http://studio.local:4777/api/v1'],
  async run({ values, output, io, connection }) {
    if (typeof values.data !== 'string' || values.data === '') throw new UsageError('missing --data <file>', ['clone'])
    const { resolveTarget } = await import('../../probe/target.js')
    const { readLibrary } = await import('./read-library.js')
    const { holdLibraryFile } = await import('./library-file.js')
    const target = await resolveTarget({ values, connection })
    // Held from before the first read to the last write: no mock serves the file meanwhile (D19).
    const file = await holdLibraryFile(values.data)
    const progress = createProgress(io.stderr, 'sessions')
    const written = async () => {
      const cloned = await readLibrary(target, { onTotal: progress.start, onSession: progress.tick })
      progress.done()
      return { cloned, library: await file.write(cloned) }
    }
    const { cloned, library } = await written().finally(file.release)
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
