import {
  API_PREFIX,
  endpoints,
  type Method,
  type OperationName,
  type RecordedExchange,
  type Recording,
  UNKNOWN_ROUTE,
} from '@session-library/schemas'
import { answeredHealth, effectiveModeOf, probe, requestLine, requestOf } from '../../probe/probe.js'
import type { Target } from '../../probe/target.js'
import { type Difference, differences, idsIn, mapIds } from './differences.js'
import { notRepeatable, sessionIdOf } from './recording-file.js'

/** One recorded request and what the live server made of it. */
export interface Replayed {
  readonly request: string
  readonly operation: string
  readonly recorded: number
  /** The live server's status; absent when it was not sent or got no answer. */
  readonly status?: number
  readonly skipped?: string
  /** Departures from the contract: `breaking` fail the tolerant schemas, `informational` only the exact ones. */
  readonly breaking: number
  readonly informational: number
  readonly differences: readonly Difference[]
  /** Sent, and its status, validity (tolerant) or fields differ from the recording's. */
  readonly departs: boolean
}

export interface ReplayReport {
  readonly baseUrl: string
  readonly replayed: readonly Replayed[]
  /** Requests sent whose status, validity (tolerant) or fields differ: the exit code's 4. */
  readonly departed: number
}

const isWrite = (exchange: RecordedExchange) => !['GET', 'HEAD'].includes(exchange.method.toUpperCase())

const operationOf = (name: string | undefined) =>
  name !== undefined && Object.hasOwn(endpoints, name) ? (name as OperationName) : undefined

// Why a request is not sent, or undefined to send it.
function unsendable(exchange: RecordedExchange, liveMode: unknown, writes: boolean): string | undefined {
  if (exchange.effectiveMode !== liveMode)
    return `recorded in ${exchange.effectiveMode} mode, the server is in ${liveMode}`
  return notRepeatable(exchange) ?? (isWrite(exchange) && !writes ? 'a write (--writes sends it)' : undefined)
}

/** How many writes a replay would send: what `--writes` asks to confirm. */
export const writesOf = (recording: Recording, liveMode: unknown) =>
  recording.exchanges.filter((exchange) => isWrite(exchange) && !unsendable(exchange, liveMode, true)).length

/** The live server's effective mode, from its health; no answer stops the replay (exit 3). */
export const liveModeOf = async (target: Target): Promise<unknown> =>
  effectiveModeOf(answeredHealth(await probe(target, requestOf('health.get')), target))

/** Sends the recording's requests in order (see `replay`); not a read of what a write not sent made or changed. */
export async function replay(
  recording: Recording,
  target: Target,
  options: { writes: boolean; liveMode: unknown },
): Promise<ReplayReport> {
  const ids = new Map<string, string>()
  // What the writes not sent made or changed: a later read of it cannot answer as recorded.
  const changed = new Set<string>()
  let listsChanged = false
  const replayed: Replayed[] = []
  for (const exchange of recording.exchanges) {
    const { method, path, query, request, answer, statusCode: recorded } = exchange
    const operation = operationOf(exchange.operation)
    const shown = requestLine(method, path, query)
    const base = { request: shown, operation: operation ?? UNKNOWN_ROUTE, recorded, breaking: 0, informational: 0 }
    const id = sessionIdOf(exchange)
    const needs = [id, ...idsIn(request.body, 'id')].find((value) => value !== undefined && changed.has(value))
    const lists = operation === 'sessions.list' || operation === 'tagCounts.list'
    const skipped =
      unsendable(exchange, options.liveMode, options.writes) ??
      (needs !== undefined ? `reads ${needs}, changed by a write not sent` : undefined) ??
      (lists && listsChanged ? 'lists what a write not sent changed' : undefined)
    if (skipped) {
      if (isWrite(exchange) && recorded >= 200 && recorded < 300) {
        for (const made of [id, ...idsIn(answer.body)]) if (made !== undefined) changed.add(made)
        listsChanged = true
      }
      replayed.push({ ...base, skipped, differences: [], departs: false })
      continue
    }
    const live = (text: string) => ids.get(text) ?? text
    const livePath = path.split('/').map((segment) => encodeURIComponent(live(decodeURIComponent(segment))))
    const pairs = [...new URLSearchParams(query)]
    const mapped = pairs.some(([, value]) => ids.has(value))
    const liveQuery = mapped ? new URLSearchParams(pairs.map(([key, value]) => [key, live(value)])) : query
    const probed = await probe(target, {
      operation,
      method: method.toUpperCase() as Method,
      path: livePath.join('/').slice(API_PREFIX.length),
      query: liveQuery.toString(),
      ...(request.body !== undefined && { body: mapIds(request.body, ids) }),
    })
    const breaking = probed.departures.filter((departure) => departure.severity === 'breaking').length
    // Only a write's answer names what the live server made; a read's other ids are not learnt.
    const found = differences(answer.body, probed.body, isWrite(exchange) ? ids : new Map())
    replayed.push({
      ...base,
      ...(probed.status !== undefined && { status: probed.status }),
      breaking,
      informational: probed.departures.length - breaking,
      differences: found,
      departs: probed.status !== recorded || breaking > 0 || found.length > 0,
    })
  }
  return { baseUrl: target.baseUrl, replayed, departed: replayed.filter((one) => one.departs).length }
}
