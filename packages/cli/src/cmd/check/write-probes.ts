import { isRecord, type OperationName, routes } from '@session-library/schemas'
import { dataOf, type Probed, type ProbeRequest, requestOf } from '../../probe/probe.js'

export interface WriteRun {
  readonly outcome: 'done' | 'interrupted' | 'not created'
  /** The id of the session it created when deleting it failed: the one change left behind. */
  readonly leftBehind?: string
}

const MARK = 'session-library-check'

/** Every write of the contract on the session the check created, in order; the delete comes last. */
function steps(id: string): ProbeRequest[] {
  const notes = { notes: [{ timestamp: 0, text: 'check' }] }
  const on = (name: OperationName, body: unknown) => requestOf(name, id, { body })
  return [
    on('sessions.update', { status: 'in-progress', accent: '#336699' }),
    on('tags.put', { tags: [`${MARK}-a`] }),
    on('tags.patch', { tags: [`${MARK}-b`] }),
    on('notes.put', { notes: 'Written by session-library check.' }),
    on('notes.patch', { notes: '' }),
    // A session made by create has no preview, so the lane is refused (D12: 404 "preview not found").
    on('waveformNotes.put', notes),
    on('waveformNotes.patch', notes),
    // D15: an import of no item is refused, so nothing is imported.
    requestOf('imports.start', '', { body: { items: [] }, expect: 400, purpose: 'an empty import (D15)' }),
  ]
}

function createdId(probed: Probed): string | undefined {
  const data = dataOf(probed)
  return probed.status === routes['sessions.create'].status && isRecord(data) && typeof data.id === 'string'
    ? data.id
    : undefined
}

/**
 * Exercises every write (`steps`) on a session it creates and deletes again, then reads it (404).
 * `stopped()` is asked before each step (Ctrl-C): the steps left are skipped, the delete always runs.
 */
export async function runWrites(send: (request: ProbeRequest) => Promise<Probed>, stopped: () => boolean) {
  const title = `${MARK} ${new Date().toISOString()} (temporary)`
  const created = await send(requestOf('sessions.create', '', { body: { title, tags: [MARK] } }))
  const id = createdId(created)
  if (id === undefined) return { outcome: 'not created' as const }
  const all = steps(id)
  let sent = 0
  while (sent < all.length && !stopped()) await send(all[sent++] as ProbeRequest)
  const outcome: WriteRun['outcome'] = sent < all.length ? 'interrupted' : 'done'
  const deleted = await send(requestOf('sessions.delete', id))
  if (deleted.status !== routes['sessions.delete'].status) return { outcome, leftBehind: id }
  if (outcome === 'done') await send(requestOf('sessions.get', id, { expect: 404, purpose: 'a deleted session' }))
  return { outcome }
}
