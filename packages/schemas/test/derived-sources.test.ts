import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a script, without types
import { deriveSources, staleSources, writeSources } from '../scripts/derive-sources.mjs'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const copies: string[] = []

// A copy of src (and a way to zod, for importing it) with extra files in contract/.
function copyOfSrc(contract: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'derive-sources-'))
  copies.push(root)
  cpSync(join(packageDir, 'src'), join(root, 'src'), { recursive: true })
  symlinkSync(join(packageDir, 'node_modules'), join(root, 'node_modules'), 'dir')
  for (const [name, text] of Object.entries(contract)) writeFileSync(join(root, 'src/contract', name), text)
  return `${join(root, 'src')}/`
}

afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true })
})

// A group the API does not have, numbered to fall between preview (§4.10) and waveform (§4.11): a
// made-up section, so not written out where the rules test reads citations.
const LOOPS_SECTION = '4.10.1'
const loops = `import * as z from 'zod/mini'
import * as t from '../answers/tolerant.js'
import { strict, withTexts } from '../field-rules.js'
import { FIELD_TEXTS } from '../field-texts.js'
import { type OperationSpec, READ, WRITE_ONE } from './operation.js'

const loopBody = strict(
  withTexts(FIELD_TEXTS.loopBody, {
    /** The loop's length in bars. */
    bars: z.number(),
  }),
)

// SPEC §${LOOPS_SECTION}: a session's loops.
export const loops = {
  'loops.get': {
    method: 'GET',
    path: '/sessions/{id}/loops',
    answer: t.data(t.sessionTags),
    errors: READ,
    summary: 'Read the loops',
    description: 'Reads the loops.',
  },
  'loops.put': {
    method: 'PUT',
    path: '/sessions/{id}/loops',
    answer: t.data(t.sessionTags),
    body: loopBody,
    errors: WRITE_ONE,
    summary: 'Replace the loops',
    description: 'Replaces the loops.',
  },
} as const satisfies Record<string, OperationSpec>
`

describe('derived sources (scripts/derive-sources.mjs, run by the build)', () => {
  it('the committed field-texts.ts, groups.ts and route-specs.ts are what the generator derives (pnpm build writes them)', async () => {
    expect((await staleSources()).map(([path]: [string]) => path)).toEqual([])
  })

  it('a group file dropped into contract/ joins endpoints, routes and the field texts in its SPEC order, with no other edit', async () => {
    const src = copyOfSrc({ 'loops.ts': loops })
    expect(await writeSources(src)).toEqual(['field-texts.ts', 'contract/groups.ts', 'contract/route-specs.ts'])

    const { endpoints } = await import(pathToFileURL(`${src}contract/endpoints.ts`).href)
    const { routes } = await import(pathToFileURL(`${src}contract/routes.ts`).href)
    const { FIELD_TEXTS } = await import(pathToFileURL(`${src}field-texts.ts`).href)
    const names = Object.keys(endpoints)
    expect(names.slice(names.indexOf('preview.get'), names.indexOf('waveform.get') + 1)).toEqual([
      'preview.get',
      'loops.get',
      'loops.put',
      'waveform.get',
    ])
    expect(Object.keys(routes)).toEqual(names)
    expect(routes['loops.put']).toMatchObject({ method: 'PUT', path: '/sessions/{id}/loops', status: 200 })
    expect(endpoints['loops.put'].body).toBeDefined()
    expect(FIELD_TEXTS.loopBody).toEqual({ bars: "The loop's length in bars." })
  })

  it('refuses a group file without a `// SPEC §n.m` line to order it by', async () => {
    const src = copyOfSrc({ 'loops.ts': loops.replace(`// SPEC §${LOOPS_SECTION}: `, '// ') })
    await expect(deriveSources(src)).rejects.toThrow('src/contract/loops.ts: no `// SPEC §n.m` line above loops')
  })
})
