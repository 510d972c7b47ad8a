import type { ImportBody, ImportResult, ReadonlyInput, Session } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import { type Call, Resource } from '../core/transport.js'
import { AbortedError } from '../errors/aborted-error.js'
import { TimeoutError } from '../errors/timeout-error.js'
import { type ImportWaitOptions, waitForImportedSessions } from '../workflows/import-wait.js'
import type { SessionsApi } from './sessions.js'

/** The body of `imports.start`: 1–1,000 `items`, each with a `projectPath`. */
export interface ImportRequest extends ReadonlyInput<ImportBody> {}

/** The `client.imports` group: batch imports of project files. */
export class ImportsApi extends Resource {
  readonly #sessions: SessionsApi
  /** @internal */
  constructor(call: Call, sessions: SessionsApi) {
    super(call)
    this.#sessions = sessions
  }

  /** Starts a batch import (`POST /import`, full-automation mode); answers 202 before any item runs.
   * @example `const { importId, total } = await client.imports.start({ items: [{ projectPath: '/music/a.als' }] })`
   */
  start(body: ImportRequest, options?: CallOptions): ApiPromise<ImportResult> {
    return this.call('imports.start', { body }, options).map(unwrap)
  }

  /** Starts a batch import, then resolves with each item's session once all have one (see
   * {@link waitForImportedSessions}); a `TimeoutError` past `timeout` names the paths still missing.
   * @example `const sessions = await client.imports.startAndWait({ items: [{ projectPath: '/a.als' }] }, { timeout: 60_000 })`
   */
  async startAndWait(body: ImportRequest, options: ImportWaitOptions = {}): Promise<Session[]> {
    const { data: accepted, response } = await this.start(body, { signal: options.signal }).withResponse()
    const url = response.url
    const request = { operation: 'imports.start', method: 'POST', path: url && new URL(url).pathname, url } as const
    const scan = (scanOptions: CallOptions) => this.#sessions.iterate({ limit: 500 }, scanOptions)
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
  }
}
