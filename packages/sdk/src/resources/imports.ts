import type { ImportBody, ImportResult, ReadonlyInput, Session } from '@session-library/schemas/client'
import type { CallOptions } from '../core/options.js'
import { type ApiPromise, unwrap } from '../core/promise.js'
import { type Call, type ContractMethods, Resource } from '../core/transport.js'
import { requestAt } from '../errors/base.js'
import { AbortedError, ImportWaitTimeoutError } from '../errors/sdk-errors.js'
import { type ImportWaitOptions, waitForImportedSessions } from '../workflows/import-wait.js'
import type { SessionsApi } from './sessions.js'

/** The body of `imports.start`: 1–1,000 `items`, each with a `projectPath`. */
export interface ImportRequest extends ReadonlyInput<ImportBody> {}

/** The `client.imports` group: batch imports of project files. */
export class ImportsApi extends Resource implements ContractMethods<'imports'> {
  readonly #sessions: SessionsApi
  readonly #baseUrl: string
  /** @internal */
  constructor(call: Call, sessions: SessionsApi, baseUrl: string) {
    super(call)
    this.#sessions = sessions
    this.#baseUrl = baseUrl
  }

  /** Starts a batch import (`POST /import`, full-automation mode); answers 202 before any item runs.
   * @example `const { importId, total } = await client.imports.start({ items: [{ projectPath: '/music/a.als' }] })`
   */
  start(body: ImportRequest, options?: CallOptions): ApiPromise<ImportResult> {
    return this.call('imports.start', { body }, options).map(unwrap)
  }

  /** Starts a batch import, then resolves with each item's session once all have one (see
   * {@link waitForImportedSessions}); past `timeout`, an {@link ImportWaitTimeoutError} with the paths still missing.
   * @example `const sessions = await client.imports.startAndWait({ items: [{ projectPath: '/a.als' }] }, { timeout: 60_000 })`
   */
  async startAndWait(body: ImportRequest, options: ImportWaitOptions = {}): Promise<Session[]> {
    const { importId } = await this.start(body, { signal: options.signal })
    const paths = body.items.map((item) => item.projectPath)
    return this.wait(importId, paths, options)
  }

  /** Waits (again) for the sessions of an import already started, as `startAndWait` does.
   * @example `const sessions = await client.imports.wait(error.importId, error.missing, { timeout: 600_000 })`
   */
  wait(importId: string, paths: readonly string[], options: ImportWaitOptions = {}): Promise<Session[]> {
    const request = requestAt('imports.start', 'POST', `${this.#baseUrl}/import`)
    const scan = (scanOptions: CallOptions) => this.#sessions.iterate({}, scanOptions)
    return waitForImportedSessions(scan, paths, importId, options, {
      timedOut: (timeout, missing) => new ImportWaitTimeoutError(importId, missing, timeout, request),
      aborted: (reason) => new AbortedError(reason, request),
    })
  }
}
