import type {
  AnswerOf,
  BodyOf,
  Health,
  ImportResult,
  OperationName,
  SessionPreview,
  SessionWaveform,
  TagCount,
} from '@session-library/schemas'
import type { ApiPromise } from './api-promise.js'
import { resolveConfig } from './config.js'
import { notesApi } from './notes.js'
import type { CallOptions, ClientOptions } from './options.js'
import { sessionsApi } from './sessions.js'
import { tagsApi } from './tags.js'
import { type Call, type CallInput, createCall, type RequestArgs } from './transport.js'
import { unwrap } from './unwrap.js'
import { splitVariant, type VariantOptions, waveformNotesApi } from './waveform-notes.js'

/**
 * The body of `imports.start`: 1–1,000 `items`, each with a `projectPath`.
 *
 * @example
 * ```ts
 * import type { ImportRequest } from '@session-library/sdk'
 * const body: ImportRequest = { generatePreviews: true, items: [{ projectPath: '/music/a.als', previewAudioPath: '/music/a.wav' }] }
 * ```
 */
export type ImportRequest = BodyOf<'imports.start'>

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
  readonly sessions
  /** A session's tags: get, replace, add, remove. */
  readonly tags
  /** A session's notes: get, set, clear. */
  readonly notes
  /** A session's waveform note lanes: replace. */
  readonly waveformNotes
  /** Batch imports: start. */
  readonly imports
  readonly #call: Call

  /** @throws TypeError when there is no token or the base URL is not absolute. */
  constructor(options: ClientOptions = {}) {
    this.#call = createCall(resolveConfig(options))
    this.sessions = sessionsApi(this.#call)
    this.tags = tagsApi(this.#call)
    this.notes = notesApi(this.#call)
    this.waveformNotes = waveformNotesApi(this.#call)
    const call = this.#call
    this.imports = {
      /**
       * Starts a batch import (full-automation mode); answers 202 before any item runs.
       * Not retried unless `options.retry` is given.
       * @example `const { importId, total } = await client.imports.start({ items: [{ projectPath: '/music/a.als' }] })`
       */
      start: (body: ImportRequest, callOptions?: CallOptions): ApiPromise<ImportResult> =>
        call('imports.start', { body }, callOptions).map(unwrap),
    }
  }

  /**
   * Calls any operation of the contract's endpoint table by its name, with params, query and body
   * typed from the contract (the input may be left out when nothing in it is required), and
   * resolves to the whole validated answer (`{ data }`, plus `meta` for the list). Same retries,
   * timeouts and errors as the methods; `.withResponse()` and `.safe()` work here too.
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
   * The health snapshot; also proves the token is valid.
   *
   * @example
   * ```ts
   * const { effectiveMode } = await client.health()
   * ```
   */
  health(options?: CallOptions): ApiPromise<Health> {
    return this.#call('health.get', {}, options).map(unwrap)
  }

  /**
   * The preview metadata of a session.
   *
   * @example
   * ```ts
   * const { previews, preferredPreviewId } = await client.preview('ses_1')
   * ```
   */
  preview(id: string, options?: CallOptions): ApiPromise<SessionPreview> {
    return this.#call('preview.get', { params: { id } }, options).map(unwrap)
  }

  /**
   * The waveform peaks of a preview variant (default: the preferred one).
   *
   * @example
   * ```ts
   * const { waveform } = await client.waveform('ses_1', { variantId: 'pv_1' })
   * ```
   */
  waveform(id: string, variant?: VariantOptions): ApiPromise<SessionWaveform> {
    const { query, options } = splitVariant(variant)
    return this.#call('waveform.get', { params: { id }, query }, options).map(unwrap)
  }

  /**
   * Every tag of the library with the number of sessions that carry it, most used first.
   *
   * @example
   * ```ts
   * const [top] = await client.tagCounts()
   * ```
   */
  tagCounts(options?: CallOptions): ApiPromise<TagCount[]> {
    return this.#call('tagCounts.list', {}, options).map(unwrap)
  }
}
