import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ImportLogFile } from './import-log.js'

let directory: string
let path: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-import-log-'))
  path = join(directory, 'library.json.imports')
})
afterEach(() => rm(directory, { recursive: true, force: true }))

const request = { items: [{ projectPath: '/a.als' }, { projectPath: '/b.als' }], generatePreviews: false }
const lines = (...values: unknown[]) => values.map((value) => `${JSON.stringify(value)}\n`).join('')

describe('D15, D19: the imports file of a --data mock', () => {
  it('gives the unfinished imports with their items; an ended one is gone; a torn last line is cut off', async () => {
    await writeFile(
      path,
      `${lines(
        { start: 'imp_1', request },
        { start: 'imp_2', request },
        { item: 'imp_1', index: 1, outcome: 'completed', sessionId: 'ses_1' },
        { end: 'imp_2' },
      )}{"item":"imp_1","index":0,"outc`,
    )
    const warnings: string[] = []
    const { log, pending, lost } = await ImportLogFile.open(path, (message) => warnings.push(message))
    const items = new Map([[1, { index: 1, outcome: 'completed', sessionId: 'ses_1' }]])
    expect(pending).toEqual([{ importId: 'imp_1', request, items }])
    expect([lost, warnings]).toEqual([[], [expect.stringContaining('dropped a torn last line')]])
    await log.moved('imp_1', { index: 0, outcome: 'skipped' })
    expect((await readFile(path, 'utf8')).split('\n').at(-2)).toBe('{"item":"imp_1","index":0,"outcome":"skipped"}')
    await log.ended('imp_1')
    await log.close()
    await expect(readFile(path)).rejects.toThrow('ENOENT')
  })

  it('reports a line that is no import step as lost, for health to show; the rest resumes', async () => {
    await writeFile(path, `not json\n${lines({ start: 'imp_3', request })}`)
    const { pending, lost, log } = await ImportLogFile.open(path, () => undefined)
    expect(pending.map((one) => one.importId)).toEqual(['imp_3'])
    expect(lost).toEqual([`${path}: line 1 is no step of an import started; it is left out`])
    await log.close()
    expect(await readFile(path, 'utf8')).toContain('imp_3')
  })
  it('D19: counts an item once by its index: a repeated line is harmless, a lost one leaves its item to run again', async () => {
    const step = { item: 'imp_4', index: 0, outcome: 'completed', sessionId: 'ses_1' }
    await writeFile(path, lines({ start: 'imp_4', request }, step, step))
    const { pending, lost, log } = await ImportLogFile.open(path, () => undefined)
    expect([pending[0]?.items, lost]).toEqual([
      new Map([[0, { index: 0, outcome: 'completed', sessionId: 'ses_1' }]]),
      [],
    ])
    await log.close()
  })

  it('D19: reports a line naming no item of an import started (an unknown index or import) as lost; it counts nowhere', async () => {
    const steps = [2, -1].map((index) => ({ item: 'imp_5', index, outcome: 'completed' }))
    await writeFile(path, lines({ start: 'imp_5', request }, ...steps, { item: 'imp_6', index: 0, outcome: 'failed' }))
    const { pending, lost, log } = await ImportLogFile.open(path, () => undefined)
    expect(pending[0]?.items).toEqual(new Map())
    expect(lost).toEqual([2, 3, 4].map((at) => `${path}: line ${at} is no step of an import started; it is left out`))
    await log.close()
  })
})
