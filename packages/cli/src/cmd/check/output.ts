import type { Departure } from '@session-library/schemas'
import type { Output } from '../../cmdutil/output.js'
import type { CheckReport } from './run.js'

const WRITES: Record<CheckReport['writes'], string> = {
  off: 'not exercised (read-only check; --writes exercises them)',
  'read-only': 'not exercised: the server is not in full-automation mode',
  done: 'exercised on a session created and deleted again',
  interrupted: 'interrupted; the session it created was deleted again',
  'not created': 'not exercised: the session could not be created',
}

/** Departures of list elements grouped by field: `data[3].rating` and `data[7].rating` are one row. */
function grouped(report: CheckReport) {
  type Group = Omit<Departure, 'direction' | 'status'> & { count: number; request: string }
  const groups = new Map<string, Group>()
  for (const probed of report.probes) {
    for (const departure of probed.departures) {
      const path = departure.path.replace(/\[\d+\]/g, '[]')
      const { severity, operation, rule, detail, status, expected = '', actual = '' } = departure
      const key = JSON.stringify([severity, operation, path, rule, detail, status])
      const group = groups.get(key)
      const request = `${probed.request} → ${probed.status ?? 'no answer'}`
      if (group) group.count += 1
      else groups.set(key, { severity, operation, path, rule, detail, expected, actual, count: 1, request })
    }
  }
  return [...groups.values()].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'breaking' ? -1 : 1))
}

const operationRow = (operation: string) => {
  return { operation, requests: 0, statuses: new Set<string>(), breaking: 0, informational: 0 }
}

function perOperation(report: CheckReport) {
  const rows = new Map<string, ReturnType<typeof operationRow>>()
  for (const probed of report.probes) {
    const row = rows.get(probed.operation) ?? operationRow(probed.operation)
    row.requests += 1
    row.statuses.add(`${probed.status ?? 'none'}`)
    for (const departure of probed.departures) row[departure.severity] += 1
    rows.set(probed.operation, row)
  }
  return [...rows.values()].map((row) => ({ ...row, statuses: [...row.statuses].join(' ') }))
}

export async function printCheck(report: CheckReport, output: Output): Promise<void> {
  if (output.json) return output.data({ ...report, probes: report.probes.map(({ body: _body, ...probed }) => probed) })
  // The rows' keys, in order, are the tables' columns.
  await output.data(perOperation(report))
  const groups = grouped(report)
  if (groups.length > 0) {
    output.message('')
    await output.data(groups)
  }
  output.message(
    `\nchecked ${report.probes.length} requests against ${report.baseUrl}: ` +
      `${report.breaking} breaking, ${report.informational} informational; writes ${WRITES[report.writes]}`,
  )
  if (report.leftBehind) output.message(`warning: the session ${report.leftBehind} it created could not be deleted`)
}
