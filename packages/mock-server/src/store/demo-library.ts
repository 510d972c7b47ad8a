import { KNOWN_KINDS, KNOWN_STATUSES, PROJECT_EXTENSIONS, type Preview } from '@session-library/schemas'
import { opaqueId } from '../primitives/ids.js'
import { pick, seededRandom } from '../primitives/random.js'
import type { LibrarySnapshot, StoredSession } from './records.js'
import { DAY_MS, previewFields } from './sessions.js'

const words = (list: string) => list.split('|')

const VOCABULARY = {
  adjectives: words(
    'Midnight|Golden|Velvet|Neon|Hollow|Silver|Electric|Quiet|Broken|Crimson|Paper|Distant|Wild|Frozen|Lucid|Static|Amber|Lunar|Salt|Glass',
  ),
  nouns: words(
    'Drive|Harbor|Echoes|Skyline|Tides|Garden|Signal|Horizon|Motel|River|Satellite|Parade|Fever|Orchard|Circuit|Lanterns|Avenue|Weather|Bloom|Arcade',
  ),
  clients: words(
    'Northwind Records|Blue Room Music|Solstice Films|Harbor Lights Agency|Kestrel Games|Maple & Stone Podcast|Atlas Publishing|Indigo Theatre Co.|self-release|Copperline Ads',
  ),
  tags: words('drums|vocals|synth|guitar|piano|strings|lofi|ambient|remix|demo|client-review|stems|live|score|mix-v2'),
  notes: [
    'Bounce stems for the client before Friday.',
    'Vocal comp is done; needs a tuning pass.',
    'Try a half-time bridge and a longer outro.',
    'Reference: warmer low end, less sidechain.',
    'Sent rough mix, waiting for feedback.',
    'Replace the stock drum kit with the tape samples.',
    'Master at -14 LUFS for streaming.',
    'Chorus feels crowded, carve space for the lead.',
  ],
  accents: words('|#e4572e|#29335c|#f3a712|#a8c686|#669bbc|#9D4EDD|#2EC4B6'),
  previewNames: words('Full mix|Instrumental|A cappella|Radio edit'),
}

const HOME = '/Users/demo/Music'
const extensionOf = Object.fromEntries(Object.entries(PROJECT_EXTENSIONS).map(([ext, kind]) => [kind, ext]))

// Kept across calls: the vocabulary is fixed, so there are at most a few hundred.
const slugs = new Map<string, string>()
function slug(text: string): string {
  let known = slugs.get(text)
  if (known === undefined) {
    known = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    slugs.set(text, known)
  }
  return known
}

/** Titles and their slugs; a repeated title gets a number. */
function uniqueTitles(random: () => number, count: number): { title: string; name: string }[] {
  const seen = new Map<string, number>()
  const titles: { title: string; name: string }[] = []
  for (let index = 0; index < count; index++) {
    const base = `${pick(random, VOCABULARY.adjectives)} ${pick(random, VOCABULARY.nouns)}`
    const times = (seen.get(base) ?? 0) + 1
    seen.set(base, times)
    const name = slug(base)
    titles.push(times === 1 ? { title: base, name } : { title: `${base} ${times}`, name: `${name}-${times}` })
  }
  return titles
}

// Plain loops and memoized slugs: seeding 100,000 sessions is the largest part of the mock's start.
function someOf<T>(random: () => number, values: readonly T[], most: number): T[] {
  const count = Math.floor(random() * (most + 1))
  const chosen: T[] = []
  for (let index = 0; index < count; index++) {
    const value = pick(random, values)
    if (!chosen.includes(value)) chosen.push(value)
  }
  return chosen
}

/** Options of {@link demoLibrary}. */
export interface DemoOptions {
  seed: number
  sessions: number
  now: Date
}

/**
 * A demo library, the same for the same seed and clock: realistic sessions, some with several
 * preview variants, `lastOpened` spread over the 90 days before `now`. Ids come from the seed (D5).
 */
export function demoLibrary({ seed, sessions, now }: DemoOptions): LibrarySnapshot {
  const random = seededRandom(seed)
  let nextId = 1
  const newId = (prefix: string) => opaqueId(prefix, seed, nextId++)
  const records = uniqueTitles(random, sessions).map(({ title, name }): StoredSession => {
    const kind = pick(random, KNOWN_KINDS)
    const projectPath = `${HOME}/Projects/${name}${extensionOf[kind] ?? ''}`
    const previews: Preview[] = VOCABULARY.previewNames.slice(0, Math.floor(random() * 4)).map((variant) => ({
      id: newId('pv'),
      name: variant,
      path: `${HOME}/Previews/${name}-${slug(variant)}.wav`,
      status: random() < 0.85 ? 'ready' : 'pending',
    }))
    // Some sessions prefer a later variant, some prefer none (the first is used then, D12).
    const preferred = random() < 0.3 ? undefined : pick(random, previews.length > 0 ? previews : [undefined])
    const preview = previewFields(preferred ?? previews[0])
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
      ...preview,
      preferredPreviewId: preferred ? preview.preferredPreviewId : '',
      client: pick(random, VOCABULARY.clients),
    }
  })
  return { version: 1, nextId, sessions: records, lanes: [] }
}
