import * as nodeModule from 'node:module'
import variant from '@jitl/quickjs-wasmfile-release-sync'
import {
  memoizePromiseFactory,
  newQuickJSWASMModuleFromVariant,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
} from 'quickjs-emscripten-core'

/** The bounds of one run of a snippet. */
export interface SandboxLimits {
  /** Wall-clock time of the whole run, the host calls it awaits included (ms). */
  readonly timeMs: number
  /** The most memory the snippet's heap may take (bytes). */
  readonly memoryBytes: number
}

/** What a run gives back: what it printed, then its return value or why it failed. */
export interface SandboxRun {
  readonly logs: readonly string[]
  readonly value?: unknown
  readonly error?: string
}

/** A host function the snippet may call: its arguments and answer cross as JSON; a throw rejects the snippet's call. */
export type HostCall = (path: readonly string[], args: readonly unknown[]) => Promise<unknown>

// What a snippet may print before the rest is cut: its console is part of the answer a model reads.
const MAX_LOG_CHARS = 20_000
const STACK_BYTES = 512 * 1024

// The engine is compiled once a process; each run gets a runtime of its own (its own heap and limits).
const engine = memoizePromiseFactory(() => newQuickJSWASMModuleFromVariant(variant))

// The snippet as the body of an async function, so that it may `await` and `return`, its TypeScript
// types removed by Node's own stripper (Node 22.13 or later): no type checking, and no syntax that
// would need code generated (an enum, a namespace), which is refused with Node's message.
function functionOf(code: string): string {
  const wrapped = `(async () => {\n${code}\n})`
  const strip = nodeModule.stripTypeScriptTypes
  if (!strip) return wrapped
  try {
    return strip(wrapped, { mode: 'strip' })
  } catch (error) {
    throw new SyntaxError(error instanceof Error ? error.message : String(error))
  }
}

// `methods` become `client.<group>.<verb>(...)` (or `client.<group>(...)`) bridged to the host.
const prelude = (methods: readonly (readonly string[])[]) => `
const __call = async (path, args) => JSON.parse(await __host(JSON.stringify(path), JSON.stringify(args)))
const client = {}
for (const path of ${JSON.stringify(methods)}) {
  const call = (...args) => __call(path, args)
  if (path.length === 1) client[path[0]] = call
  else (client[path[0]] ??= {})[path[1]] = call
}
Object.freeze(client)
`

function show(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** What the host tells a run while it goes. */
export interface RunWatch {
  /** A reason to end the run at the snippet's next step (the run's error then). */
  interrupted(): string | undefined
  /** Whether the run waits for the user: that time does not count against its limit. */
  waiting(): boolean
}

/**
 * Runs a TypeScript or JavaScript snippet in QuickJS compiled to WebAssembly: an interpreter with no
 * file system, no network, no processes and no module loader, whose only way out is `client`, each
 * of whose `methods` calls `host`. Bounded by `limits` in time (CPU and waiting on the host alike)
 * and memory.
 */
export async function runSandboxed(
  code: string,
  methods: readonly (readonly string[])[],
  host: HostCall,
  limits: SandboxLimits,
  watch: RunWatch,
): Promise<SandboxRun> {
  const logs: string[] = []
  let logged = 0
  let source: string
  try {
    source = functionOf(code)
  } catch (error) {
    return { logs, error: `the snippet does not parse: ${(error as Error).message}` }
  }
  const runtime = (await engine()).newRuntime()
  runtime.setMemoryLimit(limits.memoryBytes)
  runtime.setMaxStackSize(STACK_BYTES)
  let deadline = Date.now() + limits.timeMs
  let checked = Date.now()
  let stop: string | undefined
  const why = () => {
    const now = Date.now()
    if (watch.waiting()) deadline += now - checked
    checked = now
    stop ??=
      watch.interrupted() ?? (now > deadline ? `time limit: the snippet ran past ${limits.timeMs} ms` : undefined)
    return stop
  }
  runtime.setInterruptHandler(() => why() !== undefined)
  // Runs the snippet's continuations; an error there is the snippet's own, seen when its promise settles.
  const drain = () => {
    const ran = runtime.executePendingJobs()
    if (ran.error) ran.error.dispose()
  }
  const vm = runtime.newContext()
  const pending = new Set<QuickJSDeferredPromise>()
  let timer: NodeJS.Timeout | undefined
  try {
    const consoleObject = vm.newObject()
    for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
      const print = vm.newFunction(level, (...args) => {
        const line = args.map((arg) => show(vm.dump(arg))).join(' ')
        if (logged < MAX_LOG_CHARS)
          logs.push(logged + line.length > MAX_LOG_CHARS ? `${line.slice(0, MAX_LOG_CHARS - logged)}…` : line)
        logged += line.length
      })
      vm.setProp(consoleObject, level, print)
      print.dispose()
    }
    vm.setProp(vm.global, 'console', consoleObject)
    consoleObject.dispose()
    const bridge = vm.newFunction('__host', (pathHandle, argsHandle) => {
      const deferred = vm.newPromise()
      pending.add(deferred)
      const path = JSON.parse(vm.getString(pathHandle)) as string[]
      const args = JSON.parse(vm.getString(argsHandle)) as unknown[]
      const settle = (ok: boolean, value: QuickJSHandle) => {
        if (!deferred.alive) return value.dispose()
        ;(ok ? deferred.resolve : deferred.reject)(value)
        value.dispose()
        pending.delete(deferred)
        deferred.dispose()
        drain()
      }
      host(path, args).then(
        (value) => vm.alive && settle(true, vm.newString(JSON.stringify(value ?? null))),
        (error: unknown) =>
          vm.alive && settle(false, vm.newError(error instanceof Error ? error.message : String(error))),
      )
      return deferred.handle
    })
    vm.setProp(vm.global, '__host', bridge)
    bridge.dispose()
    const result = vm.evalCode(
      `${prelude(methods)}\n;${source}().then((value) => JSON.stringify(value === undefined ? null : value))`,
      'snippet.js',
    )
    if (result.error) {
      const error = vm.dump(result.error)
      result.error.dispose()
      return { logs, error: why() ?? messageOf(error, limits) }
    }
    const settled = vm.resolvePromise(result.value)
    result.value.dispose()
    drain()
    // Waiting on the host counts too, and an interruption ends the wait as soon as it is asked for.
    const ended = new Promise<undefined>((resolve) => {
      timer = setInterval(() => why() !== undefined && resolve(undefined), 20)
    })
    const outcome = await Promise.race([settled, ended])
    if (!outcome) return { logs, error: why() as string }
    if (outcome.error) {
      const error = vm.dump(outcome.error)
      outcome.error.dispose()
      return { logs, error: why() ?? messageOf(error, limits) }
    }
    const text = vm.getString(outcome.value)
    outcome.value.dispose()
    const reason = why()
    return reason ? { logs, error: reason } : { logs, value: JSON.parse(text) }
  } finally {
    clearInterval(timer)
    for (const deferred of pending) deferred.dispose()
    vm.dispose()
    runtime.dispose()
  }
}

// An error as QuickJS dumps it ({ name, message, stack }), else the thrown value itself.
function messageOf(error: unknown, limits: SandboxLimits): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const { name, message } = error as { name?: string; message: string }
    if (message === 'out of memory')
      return `memory limit: the snippet needed more than ${limits.memoryBytes / 2 ** 20} MB`
    return name && name !== 'Error' ? `${name}: ${message}` : message
  }
  return `uncaught: ${show(error)}`
}
