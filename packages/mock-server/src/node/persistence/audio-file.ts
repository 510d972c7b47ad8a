import { open } from 'node:fs/promises'
import { readBounded } from '@session-library/internal'

/** Largest audio file read for its peaks; a bigger one is treated as unreadable. */
const MAX_AUDIO_BYTES = 256 * 1024 * 1024

/** Reads an audio file for its real peaks (D13): a regular file of at most 256 MiB, else `undefined`. */
export async function readAudioFile(path: string): Promise<Uint8Array | undefined> {
  try {
    const file = await open(path, 'r')
    try {
      const stats = await file.stat()
      if (!stats.isFile()) return undefined
      // Bounded as it is read too: a file that grows meanwhile stops at the limit.
      return await readBounded(file.createReadStream({ autoClose: false }), {
        limit: MAX_AUDIO_BYTES,
        declared: stats.size,
      })
    } finally {
      await file.close()
    }
  } catch {
    return undefined
  }
}
