import { type importBody, type Kind, LIMITS, PROJECT_EXTENSIONS, type z } from '@session-library/schemas'

/** An import request as the contract parses it (D15). */
export type ImportRequest = z.output<typeof importBody>
/** One item of an import request. */
export type ImportItem = ImportRequest['items'][number]

const extensions: Record<string, Kind> = PROJECT_EXTENSIONS

function fileName(path: string): string {
  return (
    path
      .split(/[\\/]/)
      .filter((part) => part !== '')
      .pop() ?? ''
  )
}

function splitExtension(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot).toLowerCase()] : [name, '']
}

/**
 * Title and kind of the session an import item creates (D15): the item's title or the file name
 * without its extension; the request's kind, else the item's projectType, else the kind of the
 * file extension, else `other`. `undefined` when they break D5's rules (the item then fails).
 *
 * @example
 * ```ts
 * importedFields({ projectPath: '/m/Night Drive.als' }, undefined) // { title: 'Night Drive', kind: 'ableton' }
 * ```
 */
export function importedFields(
  item: ImportItem,
  requestKind: Kind | undefined,
): { title: string; kind: Kind } | undefined {
  const [base, extension] = splitExtension(fileName(item.projectPath))
  const title = (item.title ?? base).trim()
  const projectType = item.projectType === '' ? undefined : item.projectType
  const kind = requestKind ?? projectType ?? extensions[extension] ?? 'other'
  if (title.length === 0 || title.length > LIMITS.titleLength || kind.length > LIMITS.kindLength) return undefined
  return { title, kind }
}

/**
 * The display name of an audio file: its name without the extension.
 *
 * @example
 * ```ts
 * audioName('/p/Night Drive (mix).wav') // 'Night Drive (mix)'
 * ```
 */
export function audioName(path: string): string {
  return splitExtension(fileName(path))[0] || path
}
