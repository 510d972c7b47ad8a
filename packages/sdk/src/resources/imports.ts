import type { ImportBody, ImportResult, ReadonlyInput, Session } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import type { ApiPromise } from '../core/promise.js'
import type { Call } from '../core/transport.js'
import { unwrap } from '../core/unwrap.js'
import { AbortedError, TimeoutError } from '../errors/no-answer.js'
import { type ImportWaitOptions, type SessionScan, waitForImportedSessions } from '../workflows/import-wait.js'

/**
 * The body of `imports.start`: 1–1,000 `items`, each with a `projectPath`.
 *
 * @example
 * ```ts
 * import type { ImportRequest } from '@session-library/sdk'
 * const body: ImportRequest = { generatePreviews: true, items: [{ projectPath: '/music/a.als', previewAudioPath: '/music/a.wav' }] }
 * ```
 */
export interface ImportRequest extends ReadonlyInput<ImportBody> {}

/**
 * The `client.imports` group: batch imports of project files.
 *
 * @example
 * ```ts
 * import type { ImportsApi } from '@session-library/sdk'
 * const imports: ImportsApi = client.imports
 * ```
 */
export interface ImportsApi {
  /**
   * Starts a batch import (`POST /import`, full-automation mode); answers 202 before any item runs.
   * Not retried unless `options.retry` is given.
   *
   * @example `const { importId, total } = await client.imports.start({ items: [{ projectPath: '/music/a.als' }] })`
   */
  start(body: ImportRequest, options?: CallOptions): ApiPromise<ImportResult>
  /**
   * Starts a batch import, then waits until every item's `projectPath` has a session, and resolves
   * with those sessions in the items' order (see {@link waitForImportedSessions} for the rule).
   * Past `timeout` a `TimeoutError` names the paths still missing; `signal` stops it with an
   * `AbortedError`.
   *
   * @example
   * ```ts
   * const sessions = await client.imports.startAndWait(
   *   { items: [{ projectPath: '/music/a.als' }] },
   *   { timeout: 60_000, onProgress: ({ found, total }) => console.error(`${found}/${total}`) },
   * )
   * ```
   */
  startAndWait(body: ImportRequest, options?: ImportWaitOptions): Promise<Session[]>
}

/**
 * The `imports` group over one client's call; `scan` reads the session list for the wait.
 *
 * @example `const imports = importsApi(call, (options) => sessions.iterate({ limit: 500 }, options))`
 */
export function importsApi(call: Call, scan: SessionScan): ImportsApi {
  const start = (body: ImportRequest, options?: CallOptions) => call('imports.start', { body }, options).map(unwrap)
  return {
    start,
    async startAndWait(body, options = {}) {
      const { data: accepted, response } = await start(body, { signal: options.signal }).withResponse()
      const url = response.url
      const request = { operation: 'imports.start', method: 'POST', path: url && new URL(url).pathname, url } as const
      const paths = body.items.map((item) => item.projectPath)
      return waitForImportedSessions(scan, paths, accepted.importId, options, {
        timedOut: (timeout, missing) =>
          new TimeoutError(
            timeout,
            request,
            `imports.start: waited ${timeout} ms; no session yet for ${missing.join(', ')}`,
          ),
        aborted: (reason) => new AbortedError(reason, request),
      })
    },
  }
}
