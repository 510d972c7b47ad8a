import {
  isRecord,
  type librarySnapshot,
  previewDefaults,
  SESSION_DEFAULTS,
  storedWaveform,
  waveformNoteLane,
  writtenSession,
  type z,
} from '@session-library/schemas'

type Row = Record<string, unknown>
export type LibraryFile = z.output<typeof librarySnapshot>
type StoredSession = LibraryFile['sessions'][number]
type StoredWaveform = NonNullable<LibraryFile['waveforms']>[number]
type StoredLane = LibraryFile['lanes'][number]
type Shape = Record<string, z.ZodMiniType>

// The answered fields under the write rules (D5–D7): a cloned file holds only what the mock loads.
const { client: _client, ...fields } = writtenSession.def.shape as Shape
const previewShape = (fields.previews as unknown as { def: { element: { def: { shape: Shape } } } }).def.element.def
  .shape
const fallbacks: Row = { ...SESSION_DEFAULTS, ...previewDefaults(), title: '(untitled)' }
const previewFallback = (name: string) => (name === 'status' ? 'none' : '')

function fitted(shape: Shape, raw: Row, fallback: (name: string) => unknown, changed: string[], where: string) {
  const record: Row = {}
  for (const [name, schema] of Object.entries(shape)) {
    const fits = schema.safeParse(raw[name]).success
    record[name] = fits ? raw[name] : fallback(name)
    if (!fits)
      changed.push(`${where}.${name}: ${JSON.stringify(raw[name]) ?? 'missing'} → ${JSON.stringify(record[name])}`)
  }
  return record
}

function lastOpened(value: unknown): string | undefined {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

/**
 * A session as a real server answered it, made into one the mock can store (the exact
 * `writtenSession`, as a write stores it: trimmed, repeated tags dropped): unknown fields dropped, each field the mock would refuse replaced by its
 * default (D5) and listed in `changed`; `undefined` without a usable `id`.
 */
export function toStoredSession(raw: Row): { stored?: StoredSession; changed: string[] } {
  const changed: string[] = []
  if (typeof raw.id !== 'string' || raw.id === '')
    return { changed: [`a session without an id: ${JSON.stringify(raw).slice(0, 60)}`] }
  const where = raw.id
  const previews = (Array.isArray(raw.previews) ? raw.previews : [])
    .filter((preview): preview is Row => isRecord(preview) && typeof preview.id === 'string')
    .map((preview, index) => fitted(previewShape, preview, previewFallback, changed, `${where}.previews[${index}]`))
  const fallback = (name: string) => {
    if (name === 'lastOpened') return lastOpened(raw.lastOpened) ?? new Date(0).toISOString()
    if (name === 'projectOriginalPath') return typeof raw.projectPath === 'string' ? raw.projectPath : ''
    return fallbacks[name]
  }
  const record = fitted(fields, { ...raw, previews }, fallback, changed, where)
  const stored = storable<StoredSession>(writtenSession, { ...record, id: raw.id, previews, client: '' })
  return stored ? { stored, changed } : { changed: [`${where}: cannot be stored`] }
}

// What the mock can hold as it is, else `undefined`.
function storable<T>(schema: z.ZodMiniType, raw: unknown): T | undefined {
  const checked = schema.safeParse(raw)
  return checked.success ? (checked.data as T) : undefined
}

/** A waveform answer the mock could answer as it is (peaks in [0, 1], a `bucketCount` that is the number of peaks: D13). */
export const toStoredWaveform = (raw: unknown) => storable<StoredWaveform>(storedWaveform, raw)

/** A waveform note lane (from a server that can read them), named by its stored waveform's key (D14). */
export const toStoredLane = (raw: unknown, key: string) =>
  storable<StoredLane>(waveformNoteLane.exact, { ...(raw as Row), key })
