import { realFilePath, writeAtomically, writeFully } from '@session-library/internal/node'
import type { Recording } from '@session-library/schemas'

/**
 * Writes a recording (`api.record().recording()`) as a JSON file, atomically and flushed to disk as
 * the `--data` file is: a reader or a crash sees the old file or the whole new one.
 *
 * @example `afterAll(() => writeRecording('recording.json', recorder.recording()))`
 */
export async function writeRecording(path: string, recording: Recording): Promise<void> {
  const text = `${JSON.stringify(recording, null, 2)}\n`
  await writeAtomically(await realFilePath(path), (file) => writeFully(file, Buffer.from(text)))
}
