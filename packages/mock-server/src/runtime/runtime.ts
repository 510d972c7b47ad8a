import { LIMITS, MODES, type Mode, SERVICES, type Service, tokenMask } from '@session-library/schemas'
import type { MockOptions } from '../mock-options.js'
import { Clock } from '../primitives/clock.js'
import { Mutex } from '../primitives/mutex.js'
import { Library } from '../store/library.js'
import type { LibrarySnapshot } from '../store/records.js'
import type { ReadAudio } from '../waveform/waveforms.js'
import { checkWhole, FaultQueue, MAX_DELAY_MS } from './faults.js'
import { type ImportLog, ImportRunner } from './imports.js'
import { Journal } from './journal.js'

/** The mock's options, and where a `--data` mock makes its imports durable. */
export type RuntimeOptions = MockOptions & { importLog?: ImportLog }

/**
 * Everything behind the handlers, and the mutex that orders changes and their `onChange`. A reset puts
 * a new library in place and moves `generation` on: work under way is neither persisted nor journaled.
 */
export class Runtime {
  readonly token: string
  /** Masks the token in any text (D2). */
  readonly mask: (text: string) => string
  readonly clock: Clock
  readonly settings: Settings
  readonly changes = new Changes()
  readonly faults = new FaultQueue(() => this.changes.emit())
  readonly journal: Journal
  readonly mutex = new Mutex()
  readonly readAudio: ReadAudio | undefined
  /** The overrides `api.fetch` asks first, newest first, until `reset()`. */
  readonly overrides: ((request: Request) => Promise<Response | undefined>)[] = []
  #library: Library
  #imports: ImportRunner
  #generation = 0
  #start: LibrarySnapshot
  readonly #options: RuntimeOptions

  constructor(options: RuntimeOptions, start: LibrarySnapshot) {
    this.#options = options
    this.#start = start
    this.token = options.token ?? 'test-token'
    this.mask = tokenMask(this.token)
    this.clock = new Clock(options.now)
    this.settings = new Settings(options)
    this.journal = new Journal(this.mask)
    this.readAudio = options.readAudio
    this.#library = new Library(options.seed ?? 1)
    this.#imports = new ImportRunner(this, this.#library, this.#options.importLog)
    // The starting library is no change to persist.
    this.#library.load(start)
    this.#library.drainChange()
  }

  get library(): Library {
    return this.#library
  }

  get imports(): ImportRunner {
    return this.#imports
  }

  get generation(): number {
    return this.#generation
  }

  /** Runs a change under the mutex; if it moved the library (even throwing), persists it before the next (D19). */
  runChange<T>(work: () => T | Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      const library = this.#library
      const revision = library.revision
      try {
        const done = work()
        return done instanceof Promise ? await done : done
      } finally {
        if (this.#library === library && library.revision !== revision) await this.#persist()
      }
    })
  }

  async #persist(): Promise<void> {
    const library = this.#library
    const change = library.drainChange()
    await this.#options.onChanges?.(change)
    if (this.#options.onChange) await this.#options.onChange(library.snapshot())
  }

  reset(library: LibrarySnapshot = this.#start): Promise<void> {
    this.clock.set(this.#options.now)
    this.settings.reset()
    this.faults.clear()
    this.overrides.length = 0
    this.journal.clear()
    return this.replaceLibrary(library, 'reset')
  }

  /** Puts `library` (checked) in place now: imports stop, work under way is superseded. Resolves once persisted. */
  replaceLibrary(library: LibrarySnapshot, kind: 'reset' | 'state' = 'state'): Promise<void> {
    this.#generation += 1
    // The old imports leave the log before the new library is persisted: none resumes over it.
    const forgotten = this.#imports.cancel(true)
    this.#library = new Library(this.#options.seed ?? 1)
    this.#library.load(library)
    this.#imports = new ImportRunner(this, this.#library, this.#options.importLog)
    this.changes.emit(kind)
    return this.mutex.run(async () => {
      await forgotten
      await this.#persist()
    })
  }
}

/** What changed: the mock's state, everything (a reset), or the mock's end (`dispose()`: streams close). */
export type ChangeKind = 'state' | 'reset' | 'dispose'

/** Tells subscribers (the dashboard's event stream) that the mock's state changed. */
export class Changes {
  readonly #listeners = new Set<(kind: ChangeKind) => void>()

  subscribe(listener: (kind: ChangeKind) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit(kind: ChangeKind = 'state'): void {
    for (const listener of this.#listeners) listener(kind)
  }
}

/** The value if it is one of `allowed`, else a TypeError naming them (D1). */
function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  if ((allowed as readonly unknown[]).includes(value)) return value as T
  const expected = allowed.map((each) => `'${each}'`).join(', ')
  throw new TypeError(`invalid ${what}: ${JSON.stringify(value)}; expected one of ${expected}`)
}

export const checkService = (service: unknown): Service => oneOf(SERVICES, service, 'service')

export const checkLatency = (ms: unknown): number => checkWhole('latency', ms, 'ms', 0, MAX_DELAY_MS)

/** The switches of a running mock that the controls change and `reset()` restores (D1, D11, D15). */
class Settings {
  configuredMode: Mode = 'full-automation'
  effectiveMode: Mode = 'full-automation'
  readonly unavailable = new Set<Service>()
  latency = 0
  readonly recentDays: number
  readonly importDelay: number
  /** Whether `Prefer: code=<status>` forces an answer (D21). */
  readonly prefer: boolean
  readonly #options: RuntimeOptions

  constructor(options: MockOptions) {
    this.#options = options
    this.recentDays = options.recentDays ?? LIMITS.recentDaysDefault
    this.importDelay = options.importDelay ?? 25
    this.prefer = options.prefer ?? true
    this.reset()
  }

  reset(): void {
    this.setMode(this.#options.mode ?? 'full-automation', this.#options.effectiveMode)
    this.unavailable.clear()
    for (const service of this.#options.unavailable ?? []) this.unavailable.add(checkService(service))
    this.latency = checkLatency(this.#options.latency ?? 0)
  }

  setMode(configured: Mode, effective: Mode = configured): void {
    const checked = oneOf(MODES, configured, 'mode')
    this.effectiveMode = oneOf(MODES, effective, 'effective mode')
    this.configuredMode = checked
  }

  /** Writes are allowed only in effective full-automation mode (D1). */
  get writable(): boolean {
    return this.effectiveMode === 'full-automation'
  }
}
