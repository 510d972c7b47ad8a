import { didYouMean } from '@session-library/internal'
import { type AnswerOf, type CallInput, type OperationName, routes } from '@session-library/schemas/client'
import { mergeHeaders } from './core/headers.js'
import { type ClientOptions, type ResolvedConfig, resolveConfig } from './core/options.js'
import type { ApiPromise } from './core/promise.js'
import { type Call, createCall, type RequestArgs } from './core/transport.js'
import { ImportsApi } from './resources/imports.js'
import { NotesApi } from './resources/notes.js'
import { SessionsApi } from './resources/sessions.js'
import {
  type HealthApi,
  healthApi,
  type PreviewApi,
  previewApi,
  type TagCountsApi,
  tagCountsApi,
  type WaveformApi,
  waveformApi,
} from './resources/single-reads.js'
import { TagsApi } from './resources/tags.js'
import { WaveformNotesApi } from './resources/waveform-notes.js'

/** The typed client of the Session Library automation API. Methods are grouped by resource, resolve
 * to the answer's `data` (the list: `{ data, meta }`) and take {@link CallOptions} last.
 * @example
 * ```ts
 * const client = new SessionLibrary({ token: process.env.SESSION_LIBRARY_TOKEN })
 * const { data: sessions } = await client.sessions.list({ recent: true })
 * ```
 */
export class SessionLibrary {
  /** Sessions: list, iterate, all, create, get, update, delete. */
  readonly sessions: SessionsApi
  /** A session's tags: get, replace, add, remove (`add` and `remove` are not atomic). */
  readonly tags: TagsApi
  /** A session's notes: get, set, clear. */
  readonly notes: NotesApi
  /** A session's waveform note lanes: replace. */
  readonly waveformNotes: WaveformNotesApi
  /** Batch imports: start, startAndWait, wait. */
  readonly imports: ImportsApi
  /** The health snapshot (`GET /health`); it also proves the token is valid. */
  readonly health: HealthApi
  /** The preview metadata of a session (`GET /sessions/{id}/preview`). */
  readonly preview: PreviewApi
  /** The waveform peaks of a preview variant (`GET /sessions/{id}/waveform`, default: the preferred one). */
  readonly waveform: WaveformApi
  /** Every tag of the library with the number of sessions that carry it, most used first (`GET /tags`). */
  readonly tagCounts: TagCountsApi
  readonly #config: ResolvedConfig
  readonly #call: Call

  /** @throws TypeError when there is no token, the base URL is not absolute or the log level is unknown. */
  constructor(options: ClientOptions = {}) {
    this.#config = resolveConfig(options)
    this.#call = createCall(this.#config)
    this.sessions = new SessionsApi(this.#call)
    this.tags = new TagsApi(this.#call)
    this.notes = new NotesApi(this.#call)
    this.waveformNotes = new WaveformNotesApi(this.#call)
    this.imports = new ImportsApi(this.#call, this.sessions, this.#config.baseUrl)
    this.health = healthApi(this.#call)
    this.preview = previewApi(this.#call)
    this.waveform = waveformApi(this.#call)
    this.tagCounts = tagCountsApi(this.#call)
  }

  /** Calls any operation of the contract by its id, input typed from the contract (left out when
   * nothing in it is required); resolves to the whole validated answer (`{ data }`, plus `meta`).
   * @throws TypeError, at once, for a name that is not an operation of the contract.
   * @example `const { data } = await client.request('tags.patch', { params: { id: 'ses_1' }, body: { tags: ['drums'] } })`
   */
  request<Name extends OperationName>(name: Name, ...[input, options]: RequestArgs<Name>): ApiPromise<AnswerOf<Name>> {
    if (!Object.hasOwn(routes, name)) {
      throw new TypeError(`SessionLibrary.request: unknown operation '${name}'${didYouMean(name, Object.keys(routes))}`)
    }
    return this.#call(name, (input ?? {}) as CallInput<Name>, options)
  }

  /** A new client with these options over this one's (`headers` are added over its headers); the
   * token, base URL and log level this client resolved carry over.
   * @example `const patient = client.withOptions({ timeout: 60_000, retry: 5 })`
   */
  withOptions(options: ClientOptions): SessionLibrary {
    const headers = mergeHeaders(mergeHeaders({}, this.#config.headers), options.headers)
    return new SessionLibrary({ ...this.#config, ...options, headers })
  }
}
