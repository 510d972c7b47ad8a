import { randomBytes } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { librarySnapshot } from '@session-library/schemas'
import type { ClonedLibrary } from './read-library.js'
import type { LibraryFile } from './stored-records.js'

type Variant = { sessionId: string; variantId: string }

/** The `nextId` of the file a clone replaces, so that the mock never reuses an id it handed out (D5). */
async function previousNextId(path: string): Promise<number> {
  try {
    const parsed = librarySnapshot.safeParse(JSON.parse(await readFile(path, 'utf8')))
    return parsed.success ? parsed.data.nextId : 1
  } catch {
    return 1
  }
}

/**
 * Writes a cloned library as a `--data` file (the contract's `librarySnapshot`), replacing the
 * file at once (a temporary file renamed over it), so that a reader never sees half of it.
 * Re-running refreshes it; its `nextId` is kept.
 */
export async function writeLibraryFile(path: string, cloned: ClonedLibrary): Promise<LibraryFile> {
  // Read in parallel, written in a stable order: a refresh of an unchanged library changes nothing.
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const byVariant = (a: Variant, b: Variant) => order(a.sessionId, b.sessionId) || order(a.variantId, b.variantId)
  const library: LibraryFile = {
    version: 1,
    nextId: await previousNextId(path),
    sessions: [...cloned.sessions].sort((a, b) => order(a.id, b.id)),
    lanes: [...cloned.lanes].sort(byVariant),
    ...(cloned.waveforms.length > 0 && { waveforms: [...cloned.waveforms].sort(byVariant) }),
  }
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temporary, `${JSON.stringify(library, null, 2)}\n`)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  return library
}
