import { ImportRunner } from '../imports/runner.js'
import { Library } from '../store/library.js'
import type { LibrarySnapshot, MockOptions } from '../types.js'
import type { ReadAudio } from '../waveform/waveforms.js'
import { Changes } from './changes.js'
import { Clock } from './clock.js'
import { FaultQueue } from './faults.js'
import { Journal } from './journal.js'
import { Mutex } from './mutex.js'
import { Settings } from './settings.js'

/**
 * Everything behind the handlers: the library, the clock, the switches the controls change, the
 * journal, the imports, and the mutex that orders changes and their `onChange`.
 *
 * @example
 * ```ts
 * const runtime = createRuntime(options, initialLibrary)
 * await runtime.ready
 * ```
 */
export interface Runtime {
  readonly token: string
  readonly library: Library
  readonly clock: Clock
  readonly settings: Settings
  readonly faults: FaultQueue
  readonly journal: Journal
  /** Told of every change of state, for the dashboard's event stream. */
  readonly changes: Changes
  readonly imports: ImportRunner
  readonly mutex: Mutex
  readonly readAudio: ReadAudio | undefined
  /** Resolves once the starting library is in the collections. */
  readonly ready: Promise<void>
  /** Awaits `onChanges` and `onChange` when the library moved since `revision`. */
  persist(revision: number): Promise<void>
  /** Back to the starting library, settings, clock; journal, faults and imports emptied. */
  reset(): Promise<void>
}

/**
 * Builds the runtime of a mock from its options and its starting library.
 *
 * @example
 * ```ts
 * const runtime = createRuntime({ token: 't' }, demoLibrary({ seed: 1, sessions: 3, now }))
 * ```
 */
export function createRuntime(options: MockOptions, initial: () => LibrarySnapshot): Runtime {
  const library = new Library(options.seed ?? 1)
  const clock = new Clock(options.now)
  const settings = new Settings(options)
  const mutex = new Mutex()
  const changes = new Changes()
  const changed = () => changes.emit()
  const persist = async (revision: number) => {
    if (library.revision === revision) return
    const change = library.drainChange()
    await options.onChanges?.(change)
    if (options.onChange) await options.onChange(library.snapshot())
  }
  const imports = new ImportRunner({ library, clock, mutex, delay: () => settings.importDelay, persist, changed })
  const start = initial()
  const runtime: Runtime = {
    token: options.token ?? 'test-token',
    library,
    clock,
    settings,
    faults: new FaultQueue(changed),
    journal: new Journal(),
    changes,
    imports,
    mutex,
    readAudio: options.readAudio,
    // The starting library is no change to persist.
    ready: mutex.run(() => {
      library.load(start)
      library.drainChange()
    }),
    persist,
    reset: () =>
      mutex.run(async () => {
        imports.cancel(true)
        const revision = library.revision
        library.load(start, library.nextId)
        clock.set(options.now)
        settings.reset()
        runtime.faults.clear()
        runtime.journal.clear()
        changes.emit('reset')
        await persist(revision)
      }),
  }
  return runtime
}
