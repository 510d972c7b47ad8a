import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLibrary, type TestLibrary } from './helpers/library.js'
import { runExample } from './helpers/run-example.js'

let library: TestLibrary
beforeAll(async () => {
  // Slow enough per item that the script sees the import under way, not only its end.
  library = await startLibrary([], { importDelay: 200 })
})
afterAll(() => library.close())

async function touch(folder: string, path: string): Promise<string> {
  const file = join(folder, path)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, '')
  return file
}

describe('import-folder', () => {
  it('D15: imports the project files of a folder, skips known ones, and prints progress until the sessions appear', async () => {
    const folder = join(library.folder, 'music')
    const [als, , flp, logic, known] = await Promise.all([
      touch(folder, 'live/Night Drive.als'),
      touch(folder, 'live/Night Drive.wav'),
      touch(folder, 'beats/loop.flp'),
      touch(folder, 'Film Cue.logicx/Alternatives/000/ProjectData').then(dirname).then(dirname).then(dirname),
      touch(folder, 'Known.rpp'),
      touch(folder, 'live/Backup/Night Drive [2026-11-20 101500].als'),
      touch(folder, '.cache/hidden.als'),
      touch(folder, 'readme.txt'),
    ])
    await library.client.sessions.create({ title: 'Known', projectPath: known })

    const { code, stdout } = await runExample('import-folder', [folder, '--previews', '--interval', '40'], library.env)
    expect(code).toBe(0)
    expect(stdout).toContain(`Found 4 projects under ${folder}; 1 already in the library.`)
    expect(stdout).toMatch(/^Import \S+ accepted: 3 items\.$/m)
    expect(stdout).toMatch(/^ {2}server: [0-2]\/3 items processed/m)
    expect(stdout).toMatch(/^ {2}\[1\/3\] .* ← /m)
    expect(stdout).toMatch(/^ {2}\[3\/3\] .* ← /m)
    expect(stdout).toContain('Imported 3 new sessions in')

    const sessions = await library.client.sessions.all()
    expect(sessions).toHaveLength(4)
    const byPath = new Map(sessions.map((session) => [session.projectPath, session]))
    expect(byPath.get(als)).toMatchObject({ title: 'Night Drive', kind: 'ableton' })
    expect(byPath.get(als)?.previews.map((preview) => preview.path)).toEqual([join(folder, 'live/Night Drive.wav')])
    expect(byPath.get(flp)).toMatchObject({ title: 'loop', kind: 'fl-studio' })
    expect(byPath.get(logic)).toMatchObject({ title: 'Film Cue', kind: 'logic' })
  })

  it('D15: a folder without projects is an error that names the extensions it looked for (exit 1)', async () => {
    const folder = join(library.folder, 'empty')
    await touch(folder, 'mix.wav')
    const { code, stderr } = await runExample('import-folder', [folder], library.env)
    expect(code).toBe(1)
    expect(stderr).toContain(`No DAW project under ${folder} (looked for .als .logicx .flp`)
  })
})
