import { KNOWN_KINDS, KNOWN_STATUSES, PROJECT_EXTENSIONS, type Preview } from '@session-library/schemas'
import { opaqueId } from '../runtime/ids.js'
import { pick, seededRandom } from '../runtime/random.js'
import { previewFields } from '../store/preview-fields.js'
import type { LibrarySnapshot, StoredSession } from '../types.js'
import { VOCABULARY } from './vocabulary.js'

const DAY_MS = 86_400_000
const HOME = '/Users/demo/Music'
const extensionOf = Object.fromEntries(Object.entries(PROJECT_EXTENSIONS).map(([ext, kind]) => [kind, ext]))

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

function uniqueTitles(random: () => number, count: number): string[] {
  const seen = new Map<string, number>()
  return Array.from({ length: count }, () => {
    const base = `${pick(random, VOCABULARY.adjectives)} ${pick(random, VOCABULARY.nouns)}`
    const times = (seen.get(base) ?? 0) + 1
    seen.set(base, times)
    return times === 1 ? base : `${base} ${times}`
  })
}

function someOf<T>(random: () => number, values: readonly T[], most: number): T[] {
  const count = Math.floor(random() * (most + 1))
  return [...new Set(Array.from({ length: count }, () => pick(random, values)))]
}

/**
 * Options of {@link demoLibrary}, the subset of `MockOptions` that shapes the demo data.
 *
 * @example
 * ```ts
 * const options: DemoOptions = { seed: 1, sessions: 24, now: new Date() }
 * ```
 */
export interface DemoOptions {
  seed: number
  sessions: number
  now: Date
}

/**
 * A demo library, the same for the same seed and clock: sessions with realistic titles, clients,
 * kinds, statuses, accents, tags and notes; some with several preview variants, some with none;
 * `lastOpened` spread over the 90 days before `now`. Ids come from the seed (D5).
 *
 * @example
 * ```ts
 * demoLibrary({ seed: 1, sessions: 24, now: new Date('2026-11-21T10:00:00.000Z') }).sessions.length // 24
 * ```
 */
export function demoLibrary({ seed, sessions, now }: DemoOptions): LibrarySnapshot {
  const random = seededRandom(seed)
  let nextId = 1
  const newId = (prefix: string) => opaqueId(prefix, seed, nextId++)
  const records = uniqueTitles(random, sessions).map((title): StoredSession => {
    const kind = pick(random, KNOWN_KINDS)
    const name = slug(title)
    const projectPath = `${HOME}/Projects/${name}${extensionOf[kind] ?? ''}`
    const previews: Preview[] = VOCABULARY.previewNames.slice(0, Math.floor(random() * 4)).map((variant) => ({
      id: newId('pv'),
      name: variant,
      path: `${HOME}/Previews/${name}-${slug(variant)}.wav`,
      status: random() < 0.85 ? 'ready' : 'pending',
    }))
    // Some sessions prefer a later variant, some prefer none (the first is used then, D12).
    const preferred = random() < 0.3 ? undefined : pick(random, previews.length > 0 ? previews : [undefined])
    return {
      id: newId('ses'),
      title,
      kind,
      status: pick(random, KNOWN_STATUSES),
      accent: pick(random, VOCABULARY.accents),
      tags: someOf(random, VOCABULARY.tags, 4),
      notes: random() < 0.25 ? '' : pick(random, VOCABULARY.notes),
      lastOpened: new Date(now.getTime() - Math.floor(random() * 90 * DAY_MS)).toISOString(),
      projectPath,
      projectOriginalPath: random() < 0.2 ? `${HOME}/Old Projects/${name}${extensionOf[kind] ?? ''}` : projectPath,
      previews,
      ...previewFields(preferred ?? previews[0]),
      ...(preferred ? {} : { preferredPreviewId: '' }),
      client: pick(random, VOCABULARY.clients),
    }
  })
  return { version: 1, nextId, sessions: records, lanes: [] }
}
