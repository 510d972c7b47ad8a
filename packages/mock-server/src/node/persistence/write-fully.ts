import type { FileHandle } from 'node:fs/promises'

/**
 * Writes every byte of `data` at the file's position (the end, for a file opened to append): a
 * short write, as a filling disk gives, is continued, and a write that makes no progress fails,
 * so that nothing is taken as written that is not (D19).
 *
 * @example
 * ```ts
 * await writeFully(file, Buffer.from('{"nextId":3}\n'))
 * ```
 */
export async function writeFully(file: FileHandle, data: Uint8Array): Promise<void> {
  for (let at = 0; at < data.byteLength; ) {
    const { bytesWritten } = await file.write(data, at, data.byteLength - at)
    if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: no byte could be written'), { code: 'ENOSPC' })
    at += bytesWritten
  }
}
