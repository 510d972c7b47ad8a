import type { AnswerOf, CallInput, OperationName } from '@session-library/schemas/client'
import { mergeHeaders } from './core/headers.js'
import { type ClientOptions, type ResolvedConfig, resolveConfig } from './core/options.js'
import type { ApiPromise } from './core/promise.js'
import { type Call, createCall, type RequestArgs } from './core/transport.js'
import { type HealthApi, healthApi } from './resources/health.js'
import { ImportsApi } from './resources/imports.js'
import { NotesApi } from './resources/notes.js'
import { type PreviewApi, previewApi } from './resources/preview.js'
import { SessionsApi } from './resources/sessions.js'
import { type TagCountsApi, tagCountsApi } from './resources/tag-counts.js'
import { TagsApi } from './resources/tags.js'
import { type WaveformApi, waveformApi } from './resources/waveform.js'
import { WaveformNotesApi } from './resources/waveform-notes.js'

/**
 * The typed client of the Session Library automation API. Methods are grouped by resource, resolve
 * to the answer's `data` (the list: `{ data, meta }`) and take {@link CallOptions} last.
 *
 * @example
 * ```ts
 * import { SessionLibrary } from '@session-library/sdk'
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
  /** Batch imports: start, startAndWait. */
  readonly imports: ImportsApi
  /**
   * The health snapshot (`GET /health`); it also proves the token is valid.
   *
   * @example `const { effectiveMode } = await client.health()`
   */
  readonly health: HealthApi
  /**
   * The preview metadata of a session (`GET /sessions/{id}/preview`).
   *
   * @example `const { previews, preferredPreviewId } = await client.preview('ses_1')`
   */
  readonly preview: PreviewApi
  /**
   * The waveform peaks of a preview variant (`GET /sessions/{id}/waveform`, default: the preferred one).
   *
   * @example `const { waveform } = await client.waveform('ses_1', { variantId: 'pv_1' })`
   */
  readonly waveform: WaveformApi
  /**
   * Every tag of the library with the number of sessions that carry it, most used first (`GET /tags`).
   *
   * @example `const [top] = await client.tagCounts()`
   */
  readonly tagCounts: TagCountsApi
  readonly #config: ResolvedConfig
  readonly #call: Call

  /** @throws TypeError when there is no token, the base URL is not absolute or the log level is unknown. */
  constructor(options: ClientOptions = {}) {
    this.#config = resolveConfig(options)
    const call = createCall(this.#config)
    this.#call = call
    this.sessions = new SessionsApi(call)
    this.tags = new TagsApi(call)
    this.notes = new NotesApi(call)
    this.waveformNotes = new WaveformNotesApi(call)
    this.imports = new ImportsApi(call, this.sessions)
    this.health = healthApi(call)
    this.preview = previewApi(call)
    this.waveform = waveformApi(call)
    this.tagCounts = tagCountsApi(call)
  }

  /**
   * Calls any operation of the contract's endpoint table by its name, with params, query and body
   * typed from the contract (the input may be left out when nothing in it is required; `params`
   * are refused where the path has none), and resolves to the whole validated answer (`{ data }`,
   * plus `meta` for the list). Same retries, timeouts and errors as the methods; `.withResponse()`
   * and `.safe()` work here too.
   *
   * @example
   * ```ts
   * const { data } = await client.request('tags.patch', { params: { id: 'ses_1' }, body: { tags: ['drums'] } })
   * const { data: health } = await client.request('health.get')
   * ```
   */
  request<Name extends OperationName>(name: Name, ...[input, options]: RequestArgs<Name>): ApiPromise<AnswerOf<Name>> {
    return this.#call(name, (input ?? {}) as CallInput<Name>, options)
  }

  /**
   * A new client with these options over this one's: each option given replaces this client's,
   * except `headers`, which are added over its headers (by name, whatever the case). The token,
   * base URL and log level this client resolved (from options or the environment) carry over.
   *
   * @example
   * ```ts
   * const patient = client.withOptions({ timeout: 60_000, retry: 5 })
   * const tenant = client.withOptions({ headers: { 'x-tenant': 'studio-b' } })
   * ```
   */
  withOptions(options: ClientOptions): SessionLibrary {
    const headers = mergeHeaders(mergeHeaders({}, this.#config.headers), options.headers)
    return new SessionLibrary({ ...this.#config, ...options, headers })
  }
}
