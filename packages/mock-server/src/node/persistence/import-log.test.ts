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
        { item: 'imp_1', outcome: 'completed', sessionId: 'ses_1' },
        { end: 'imp_2' },
      )}{"item":"imp_1","outc`,
    )
    const warnings: string[] = []
    const { log, pending, lost } = await ImportLogFile.open(path, (message) => warnings.push(message))
    expect(pending).toEqual([{ importId: 'imp_1', request, items: [{ outcome: 'completed', sessionId: 'ses_1' }] }])
    expect([lost, warnings]).toEqual([[], [expect.stringContaining('dropped a torn last line')]])
    await log.moved('imp_1', { outcome: 'skipped' })
    expect((await readFile(path, 'utf8')).split('\n').at(-2)).toBe('{"item":"imp_1","outcome":"skipped"}')
    await log.ended('imp_1')
    await log.close()
    await expect(readFile(path)).rejects.toThrow('ENOENT')
  })

  it('reports a line that is no import step as lost, for health to show; the rest resumes', async () => {
    await writeFile(path, `not json\n${lines({ start: 'imp_3', request })}`)
    const { pending, lost, log } = await ImportLogFile.open(path, () => undefined)
    expect(pending.map((one) => one.importId)).toEqual(['imp_3'])
    expect(lost).toEqual([`${path}: line 1 is no import step; an import it started cannot be resumed`])
    await log.close()
    expect(await readFile(path, 'utf8')).toContain('imp_3')
  })
})
