import { readdir } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { compareText, PROJECT_EXTENSIONS } from '@session-library/schemas'

/**
 * A DAW project found on disk, with the audio file next to it that can serve as its preview.
 *
 * @example
 * ```ts
 * const project: ProjectFile = { path: '/music/night-drive.als', previewAudioPath: '/music/night-drive.wav' }
 * ```
 */
export interface ProjectFile {
  path: string
  previewAudioPath?: string
}

const AUDIO_EXTENSIONS = ['.wav', '.aif', '.aiff', '.flac', '.mp3']
// Ableton keeps automatic copies of a set in a Backup folder next to it: they are not projects.
const SKIPPED_FOLDERS = new Set(['Backup', 'node_modules'])

const isProject = (name: string) => Object.hasOwn(PROJECT_EXTENSIONS, extname(name).toLowerCase())
const stem = (name: string) => basename(name, extname(name))

/**
 * Every DAW project under a folder, at any depth, sorted by path: files and folders whose extension
 * is one of the contract's `PROJECT_EXTENSIONS` (DECISIONS D15). A project can be a folder itself (a
 * Logic `.logicx` package), so the walk does not enter one. Hidden and backup folders are skipped.
 * An audio file with the same name next to a project becomes its `previewAudioPath`.
 *
 * @example
 * ```ts
 * const projects = await findProjects('/Users/me/Music') // [{ path: '/Users/me/Music/a.als' }, …]
 * ```
 */
export async function findProjects(folder: string): Promise<ProjectFile[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const audio = new Map(
    entries
      .filter((entry) => entry.isFile() && AUDIO_EXTENSIONS.includes(extname(entry.name).toLowerCase()))
      .map((entry) => [stem(entry.name), join(folder, entry.name)]),
  )
  const found: ProjectFile[] = []
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const path = join(folder, entry.name)
    if (isProject(entry.name)) {
      const previewAudioPath = audio.get(stem(entry.name))
      found.push(previewAudioPath ? { path, previewAudioPath } : { path })
    } else if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) {
      found.push(...(await findProjects(path)))
    }
  }
  return found.sort((a, b) => compareText(a.path, b.path))
}
