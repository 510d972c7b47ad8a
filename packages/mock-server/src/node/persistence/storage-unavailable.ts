import { ApiError } from '../../http/api-error.js'

/**
 * A change that could not be made durable (D19: disk full, folder not writable, any I/O error): it
 * was undone, in memory and on disk, and the request is answered 503 `storage_unavailable` with a
 * message that names the cause, which health's `lastError` repeats.
 *
 * @example
 * ```ts
 * throw new StorageUnavailable('library.json.log', new Error('ENOSPC: no space left on device, write'))
 * ```
 */
export class StorageUnavailable extends ApiError {
  constructor(file: string, cause: unknown) {
    super('storage_unavailable', `The change could not be saved to ${file} (${causeOf(cause)}); nothing was changed.`)
    this.name = 'StorageUnavailable'
  }
}

/**
 * What went wrong with a file operation, in a few words: its message, which names the errno code.
 *
 * @example
 * ```ts
 * causeOf(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })) // 'ENOSPC: no space left on device, write'
 * ```
 */
export function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
