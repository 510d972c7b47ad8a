import { isRecord } from '@session-library/schemas'
import { answeredHealth, effectiveModeOf, type Probed, type ProbeRequest, probe, requestOf } from '../../probe/probe.js'
import type { Target } from '../../probe/target.js'
import { type LibrarySample, listBehaviour, readProbes } from './read-probes.js'
import { runWrites, type WriteRun } from './write-probes.js'

export interface CheckReport {
  readonly baseUrl: string
  readonly probes: readonly Probed[]
  /** `off` without `--writes`; `read-only` when the server is not in full-automation mode. */
  readonly writes: WriteRun['outcome'] | 'off' | 'read-only'
  readonly leftBehind?: string
  readonly breaking: number
  readonly informational: number
}

interface CheckOptions {
  /** Exercise every write too (`--writes`), in full-automation mode only. */
  readonly writes: boolean
  /** Asked between requests: Ctrl-C stops the check (a started write run still cleans up). */
  readonly stopped: () => boolean
}

function sampleOf(list: Probed): LibrarySample {
  const body = isRecord(list.body) ? list.body : {}
  const sessions = (Array.isArray(body.data) ? body.data : []).filter(isRecord)
  const total = isRecord(body.meta) && typeof body.meta.total === 'number' ? body.meta.total : sessions.length
  const chosen =
    sessions.find((session) => Array.isArray(session.previews) && session.previews.length > 0) ?? sessions[0]
  if (!chosen || typeof chosen.id !== 'string') return { total }
  return { total, session: chosen as LibrarySample['session'] }
}

export async function runCheck(target: Target, options: CheckOptions): Promise<CheckReport> {
  const probes: Probed[] = []
  const send = async (request: ProbeRequest) => {
    const probed = await probe(target, request)
    if (request.operation === 'sessions.list') probed.departures.push(...listBehaviour(request.query, probed))
    probes.push(probed)
    return probed
  }
  const health = answeredHealth(await send(requestOf('health.get')), target)
  const list = await send(requestOf('sessions.list'))
  for (const request of readProbes(sampleOf(list))) {
    if (options.stopped()) break
    await send(request)
  }
  let writes: CheckReport['writes'] = 'off'
  let leftBehind: string | undefined
  if (options.writes && !options.stopped()) {
    writes = effectiveModeOf(health) === 'full-automation' ? 'done' : 'read-only'
    if (writes === 'done') ({ outcome: writes, leftBehind } = await runWrites(send, options.stopped))
  }
  const departures = probes.flatMap((probed) => probed.departures)
  const breaking = departures.filter((departure) => departure.severity === 'breaking').length
  return {
    baseUrl: target.baseUrl,
    probes,
    writes,
    ...(leftBehind && { leftBehind }),
    breaking,
    informational: departures.length - breaking,
  }
}
