import { readFile, unlink } from 'node:fs/promises'
import { FileHeld, lockFile, realFilePath, writeAtomically, writeFully } from '@session-library/internal/node'
import { changeLogNextId, compareText, libraryLogs, librarySnapshot, parseJsonText } from '@session-library/schemas'
import { CliError, EXIT } from '../../cmdutil/errors.js'
import type { ClonedLibrary } from './read-library.js'
import type { LibraryFile } from './stored-records.js'

type Variant = { sessionId: string; variantId: string }

/** The files the mock keeps beside a `--data` file (its logs, replayed at a start): a clone replaces them too. */
const logsOf = (path: string) => Object.values(libraryLogs(path))

// The `nextId` the file a clone replaces has reached, its change logs included, so that the mock
// never hands out again an id it handed out (D5).
async function previousNextId(path: string): Promise<number> {
  // No file, or none the mock could load: nothing to keep.
  const parsed = librarySnapshot.safeParse(parseJsonText(await readFile(path, 'utf8').catch(() => '')))
  let nextId = parsed.success ? parsed.data.nextId : 1
  for (const log of logsOf(path))
    nextId = Math.max(nextId, changeLogNextId(await readFile(log, 'utf8').catch(() => '')) ?? 0)
  return nextId
}

const causeOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A `--data` file held for a clone: nothing else (a mock, another clone) writes it meanwhile. */
export interface HeldLibraryFile {
  /** Replaces the file with the cloned library; on failure it is as it was. */
  write(cloned: ClonedLibrary): Promise<LibraryFile>
  release(): Promise<void>
}

/**
 * Takes the lock a mock takes on a `--data` file (D19: the file itself, whatever path names it), so
 * that no mock serves it while it is replaced; refuses a file a mock (or a clone) holds. The file is
 * written where its symbolic links lead (a link stays a link).
 */
export async function holdLibraryFile(given: string): Promise<HeldLibraryFile> {
  const refuse = (problem: string, code: number) => new CliError(`--data ${given}: ${problem}`, code)
  const path = await realFilePath(given).catch((error) => {
    throw refuse(`cannot be written (${causeOf(error)})`, EXIT.api)
  })
  const lock = await lockFile(path, `session-library clone (process ${process.pid})`).catch((error) => {
    if (error instanceof FileHeld)
      throw refuse(`is in use by ${error.holder}: stop it first, then clone (it would overwrite the clone)`, EXIT.usage)
    throw refuse(`cannot be locked (${causeOf(error)})`, EXIT.api)
  })
  return {
    write: (cloned) =>
      writeLibrary(path, cloned).catch((error) => {
        throw refuse(`cannot be written (${causeOf(error)}); the file is as it was`, EXIT.api)
      }),
    release: lock.release,
  }
}

// Writes a cloned library as a `--data` file (the contract's `librarySnapshot`), replacing the file
// and its change logs at once (a temporary file flushed and renamed over it), so that a reader never
// sees half of it. Re-running refreshes it; its `nextId` is kept.
async function writeLibrary(path: string, cloned: ClonedLibrary): Promise<LibraryFile> {
  // Read in parallel, written in a stable order: a refresh of an unchanged library changes nothing.
  const byVariant = (a: Variant, b: Variant) =>
    compareText(a.sessionId, b.sessionId) || compareText(a.variantId, b.variantId)
  const library: LibraryFile = {
    version: 1,
    nextId: await previousNextId(path),
    sessions: [...cloned.sessions].sort((a, b) => compareText(a.id, b.id)),
    lanes: [...cloned.lanes].sort(byVariant),
    ...(cloned.waveforms.length > 0 && { waveforms: [...cloned.waveforms].sort(byVariant) }),
  }
  await writeAtomically(path, async (file) => {
    await writeFully(file, Buffer.from(`${JSON.stringify(library, null, 2)}\n`))
    // Written whole: the old library's logs go before it takes their place (never replayed over it).
    for (const log of logsOf(path)) await unlink(log).catch(() => undefined)
  })
  return library
}
