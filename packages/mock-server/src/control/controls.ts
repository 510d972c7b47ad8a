import { lazy, MODES, SERVICES } from '@session-library/schemas'
import type { JsonBodyType } from 'msw'
import * as z from 'zod/mini'
import { recordTransportAnswer } from '../http/answer.js'
import { OverrideError } from '../http/api-error.js'
import type { MockControls } from '../mock-controls.js'
import { faultSchema, MAX_DELAY_MS, wholeNumber } from '../runtime/faults.js'
import type { RequestFilter } from '../runtime/journal.js'
import { checkOperation } from '../runtime/operation-names.js'
import { startRecording } from '../runtime/recorder.js'
import { checkLatency, checkService, type Runtime } from '../runtime/runtime.js'
import { type VerifyPattern, verifyRequests } from '../runtime/verify.js'
import { liveStore } from '../store/library.js'
import { checkLibrary } from '../store/records.js'
import { recordFrom } from '../store/sessions.js'

type ControlName = {
  [K in keyof MockControls]: MockControls[K] extends (...args: never) => unknown ? K : never
}[keyof MockControls]

/** A control's route under `/__mock`: its checked body makes the calls; it answers `answer` (GET too if `readable`). */
interface ControlRoute<Args extends unknown[]> {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE'
  readonly path: string
  readonly body?: { readonly schema: z.ZodMiniType; readonly calls: (body: never) => Args[] }
  readonly answer?: (runtime: Runtime) => JsonBodyType
  readonly readable?: true
  readonly status?: number
}

/** One control: the `MockApi` method over the runtime, and its route when it has one. */
interface Control<Args extends unknown[], Result> {
  readonly run: (runtime: Runtime, ...args: Args) => Result
  readonly route?: ControlRoute<Args>
}

type ControlTable = {
  readonly [K in ControlName]: Control<Parameters<MockControls[K]>, ReturnType<MockControls[K]>>
}

const withBody = <S extends z.ZodMiniType, Args extends unknown[]>(
  route: Omit<ControlRoute<Args>, 'body'>,
  schema: S,
  calls: (body: z.output<S>) => Args[],
): ControlRoute<Args> => ({ ...route, body: { schema, calls } })

/** The mode, services and clock as the control surface and the `state` event say them. */
export const modeOf = ({ settings: { configuredMode, effectiveMode } }: Runtime) => ({ configuredMode, effectiveMode })
export const servicesOf = ({ settings }: Runtime) => ({ unavailable: [...settings.unavailable] })
export const clockOf = ({ clock }: Runtime) => ({ now: clock.iso(), fixed: clock.fixed })
const pending = (runtime: Runtime) => ({ pending: runtime.faults.size })

/** The mock's controls, written once: `MockApi`'s methods and the control surface's routes are both built from it. */
const controls: ControlTable = {
  setMode: {
    run: ({ settings }, configured, effective) => settings.setMode(configured, effective),
    route: withBody(
      { method: 'PUT', path: '/mode', answer: modeOf, readable: true },
      lazy(() => z.strictObject({ configuredMode: z.enum(MODES), effectiveMode: z.optional(z.enum(MODES)) })),
      (body) => [[body.configuredMode, body.effectiveMode]],
    ),
  },
  setServiceAvailable: {
    run: ({ settings }, service, available) => {
      settings.unavailable[available ? 'delete' : 'add'](checkService(service))
    },
    // The whole set: every service available, then those listed not, in their order.
    route: withBody(
      { method: 'PUT', path: '/services', answer: servicesOf, readable: true },
      lazy(() => z.strictObject({ unavailable: z.array(z.enum(SERVICES)) })),
      (body) => [
        ...SERVICES.map((service) => [service, true] as [typeof service, boolean]),
        ...body.unavailable.map((service) => [service, false] as [typeof service, boolean]),
      ],
    ),
  },
  setNow: {
    run: ({ clock }, now) => clock.set(now),
    route: withBody(
      { method: 'PUT', path: '/clock', answer: clockOf, readable: true },
      lazy(() => z.strictObject({ now: z.nullable(z.iso.datetime({ offset: true })) })),
      (body) => [[body.now ?? undefined]],
    ),
  },
  now: { run: ({ clock }) => clock.now() },
  setLatency: {
    run: ({ settings }, ms) => {
      settings.latency = checkLatency(ms)
    },
    route: withBody(
      { method: 'PUT', path: '/latency', answer: ({ settings }) => ({ ms: settings.latency }) },
      lazy(() => z.strictObject({ ms: wholeNumber(0, MAX_DELAY_MS, 'ms') })),
      (body) => [[body.ms]],
    ),
  },
  injectFault: {
    run: ({ faults }, fault) => faults.add(fault),
    route: withBody({ method: 'POST', path: '/faults', answer: pending, status: 201 }, faultSchema, (body) => [[body]]),
  },
  clearFaults: { run: ({ faults }) => faults.clear(), route: { method: 'DELETE', path: '/faults', answer: pending } },
  faults: { run: ({ faults }) => faults.list(), route: { method: 'GET', path: '/faults' } },
  reset: {
    run: (runtime, options = {}) => runtime.reset(options.library && checkLibrary(options.library)),
    route: { method: 'POST', path: '/reset', answer: () => ({ reset: true }) },
  },
  seed: { run: (runtime, library) => runtime.replaceLibrary(checkLibrary(library)) },
  imports: { run: ({ imports }) => imports.list(), route: { method: 'GET', path: '/imports' } },
  journal: { run: ({ journal }) => journal.entries(), route: { method: 'GET', path: '/journal' } },
  requests: {
    run: ({ journal }, filter?: RequestFilter) => {
      if (filter?.operation !== undefined) checkOperation(filter.operation)
      return journal.entries(filter)
    },
  },
  unmatched: { run: ({ journal }) => journal.entries().filter((entry) => entry.operation === undefined) },
  verify: {
    run: ({ journal }, operation, pattern = {}) =>
      verifyRequests(checkOperation(operation), pattern as VerifyPattern, journal.entries()),
  },
  error: { run: (_runtime, code, message) => new OverrideError(code, message) },
  recordAnswer: { run: (runtime, answered) => recordTransportAnswer(answered, runtime) },
  record: { run: (runtime) => startRecording(runtime) },
  departures: { run: ({ journal }) => journal.departures(), route: { method: 'GET', path: '/departures' } },
  snapshot: { run: ({ library }) => library.snapshot(), route: { method: 'GET', path: '/snapshot' } },
  sessionRecord: {
    run: ({ library, clock }, fields) => recordFrom(fields, { id: () => library.newId('ses'), now: () => clock.iso() }),
  },
  idle: {
    run: async ({ imports, mutex }) => {
      await imports.idle()
      await mutex.run(() => undefined)
    },
  },
  dispose: {
    run: ({ imports, changes }) => {
      imports.cancel()
      changes.emit('dispose')
    },
  },
}

type AnyControl = Control<unknown[], unknown>
export const controlEntries = Object.entries(controls) as [ControlName, AnyControl][]

/** Runs one call of a control; a write (not GET) then tells the dashboard. */
export function perform(control: AnyControl, runtime: Runtime, args: unknown[]): unknown {
  const result = control.run(runtime, ...args)
  if (control.route !== undefined && control.route.method !== 'GET') runtime.changes.emit()
  return result
}

/** The controls of a mock over `runtime`, with its token, base URL and live store. */
export function controlsOf(runtime: Runtime, baseUrl: string): MockControls {
  const methods = controlEntries.map(([name, one]) => [name, (...args: unknown[]) => perform(one, runtime, args)])
  return { token: runtime.token, baseUrl, store: liveStore(() => runtime.library), ...Object.fromEntries(methods) }
}
