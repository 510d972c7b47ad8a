/**
 * A camelCase name in kebab-case, as a command-line flag spells a field: `previewAudioPath` is
 * `preview-audio-path`.
 *
 * @example
 * ```ts
 * import { kebabCase } from '@session-library/internal'
 * kebabCase('generatePreviews') // 'generate-previews'
 * ```
 */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
