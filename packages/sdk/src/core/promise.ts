import { SessionLibraryError } from '../errors/base.js'
import type { CallError } from '../errors/sdk-errors.js'

/** A call's data together with the HTTP answer it came in (its body already read). */
export interface RawAnswer<T> {
  /** What the call resolves to. */
  data: T
  /** The answer: `status`, `headers`, `url`. Its body is already read into `data`. */
  response: Response
}

/** The non-throwing form of a call: either `data` or `error` ({@link CallError}, told apart by `code`).
 * @example `const { data, error } = await client.sessions.get('ses_1').safe()`
 */
export type SafeResult<T> =
  | (RawAnswer<T> & {
      /** No error: the call succeeded. */
      error: undefined
    })
  | {
      /** No data: the call failed. */
      data: undefined
      /** What the throwing form would have thrown. */
      error: CallError
      /** The HTTP answer, when the server gave one (none for a network error, timeout or abort). */
      response: Response | undefined
    }

// The answer an error came with, kept beside the error rather than on it (errors get logged whole).
const answers = new WeakMap<object, Response>()

export function rememberResponse<E>(error: E, response: Response): E {
  if (typeof error === 'object' && error !== null) answers.set(error, response)
  return error
}

/** What every method returns: a Promise of the data, which can also give the HTTP answer
 * (`withResponse()`) or settle without throwing (`safe()`), from the same single request.
 * @example `const { data, response } = await client.sessions.get('ses_1').withResponse()`
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #raw: Promise<RawAnswer<T>>

  /** Wraps a request already under way (the base Promise is never used: then/catch/finally read it). */
  constructor(raw: Promise<RawAnswer<T>>) {
    super((resolve) => resolve(undefined as T))
    this.#raw = raw
  }

  /** Promise's own methods (then on a subclass, Promise.all) build plain Promises, not ApiPromises. */
  static override get [Symbol.species]() {
    return Promise
  }

  /** The data with the HTTP answer: status and headers (no second request). */
  withResponse(): Promise<RawAnswer<T>> {
    return this.#raw
  }

  /** Settles to `{ data, error, response }` instead of throwing; only the SDK's own errors are caught. */
  async safe(): Promise<SafeResult<T>> {
    try {
      const { data, response } = await this.#raw
      return { data, error: undefined, response }
    } catch (error) {
      if (!(error instanceof SessionLibraryError)) throw error
      return { data: undefined, error: error as CallError, response: answers.get(error) }
    }
  }

  /** The same request, with its data passed through `pick`. */
  map<U>(pick: (data: T) => U): ApiPromise<U> {
    return new ApiPromise(this.#raw.then(({ data, response }) => ({ data: pick(data), response })))
  }

  /** Settles with the data of the request under way (what `await` reads). */
  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass: its then reads the request under way.
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#raw.then((raw) => raw.data).then(onfulfilled, onrejected)
  }
}

export const unwrap = <T>(answer: { data: T }): T => answer.data
