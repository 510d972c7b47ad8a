import type { Waveform, WaveformNote } from '@session-library/sdk'

/**
 * What {@link waveformSvg} draws: a title, a line of facts, the peaks, and notes as markers.
 *
 * @example
 * ```ts
 * const picture: WaveformPicture = { title: 'Night Drive', subtitle: 'ableton · Full mix', waveform, notes: lane.notes }
 * ```
 */
export interface WaveformPicture {
  title: string
  subtitle: string
  waveform: Pick<Waveform, 'duration' | 'peaks'>
  notes: readonly Pick<WaveformNote, 'timestamp' | 'text'>[]
  /** The session's `#rrggbb` accent, shown as a dot before the title. */
  accent?: string
}

/**
 * Where the time axis lies in the picture: `x = left + timestamp / duration * width`.
 *
 * @example
 * ```ts
 * const x = PLOT.left + (12.5 / duration) * PLOT.width
 * ```
 */
export const PLOT = { left: 56, width: 1112, center: 262, halfHeight: 92 } as const

const WIDTH = 1200
const HEIGHT = 420
const LABEL_TOP = 116
const LABEL_STEP = 20
// Rows of marker labels: three fit above the waveform; denser notes add rows and push it down.
const MIN_LABEL_ROWS = 3
const MAX_LABEL_ROWS = 8
const AXIS_Y = 372
const CHAR_WIDTH = 6.6
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const round = (value: number) => Math.round(value * 10) / 10

/**
 * Seconds as `m:ss` (or `h:mm:ss`).
 *
 * @example
 * ```ts
 * clock(65.4) // '1:05'
 * ```
 */
export function clock(seconds: number): string {
  const whole = Math.floor(seconds)
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
  const mmss = `${h > 0 ? String(m).padStart(2, '0') : m}:${String(s).padStart(2, '0')}`
  return h > 0 ? `${h}:${mmss}` : mmss
}

// Peaks merged (by their maximum) so that each bar stays at least 3 px wide.
function bins(peaks: readonly number[]): number[] {
  const count = Math.max(1, Math.min(peaks.length, Math.floor(PLOT.width / 3)))
  return Array.from({ length: count }, (_, index) => {
    const slice = peaks.slice(
      Math.floor((index * peaks.length) / count),
      Math.floor(((index + 1) * peaks.length) / count),
    )
    return Math.min(1, Math.max(0, ...slice))
  })
}

// All bars in one path: a mirrored shape around the centre line, at least 1 px tall so silence shows.
function peaksPath(peaks: readonly number[]): string {
  const values = bins(peaks)
  const step = PLOT.width / values.length
  const bar = Math.max(1, step * 0.72)
  return values
    .map((peak, index) => {
      const half = Math.max(0.5, peak * PLOT.halfHeight)
      const x = PLOT.left + index * step + (step - bar) / 2
      return `M${round(x)} ${round(PLOT.center - half)}h${round(bar)}v${round(half * 2)}h${round(-bar)}Z`
    })
    .join('')
}

function axis(duration: number): string {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]
  const step = steps.find((candidate) => duration / candidate <= 10) ?? 7200
  const ticks = Array.from({ length: Math.floor(duration / step) + 1 }, (_, index) => index * step)
  return ticks
    .map((seconds) => {
      const x = round(PLOT.left + (seconds / duration) * PLOT.width)
      return `<line class="tick" x1="${x}" y1="${AXIS_Y}" x2="${x}" y2="${AXIS_Y + 5}"/><text x="${x}" y="${AXIS_Y + 20}" text-anchor="middle">${clock(seconds)}</text>`
    })
    .join('')
}

interface Label {
  x: number
  row: number
  text: string
  flip: boolean
  start: number
  end: number
}

const GAP = 12

// A marker's line runs from its head (in its label's row) down through the rows below. So a label
// goes below every label that spans its line (or that line would cut through it), in the first such
// row where it runs into no other label; with no row left, the least crowded one.
function labelRow(placed: readonly Label[], x: number, start: number, end: number): number {
  const spanning = placed.filter((label) => label.start - GAP <= x && x <= label.end + GAP)
  const lowest = Math.max(0, ...spanning.map((label) => label.row + 1))
  const fits = (row: number) =>
    placed.every((label) => label.row !== row || label.end + GAP < start || end + GAP < label.start)
  for (let row = lowest; row < MAX_LABEL_ROWS; row++) if (fits(row)) return row
  const load = (row: number) => placed.filter((label) => label.row === row).length
  const rows = Array.from({ length: MAX_LABEL_ROWS }, (_, row) => row)
  return rows.reduce((best, row) => (load(row) < load(best) ? row : best))
}

// Each note's label: its time and text, flipped to the left of its line near the right edge.
function placeLabels(notes: WaveformPicture['notes'], duration: number): Label[] {
  const placed: Label[] = []
  for (const note of notes) {
    const x = round(PLOT.left + (Math.min(note.timestamp, duration) / duration) * PLOT.width)
    const text = `${clock(note.timestamp)}  ${note.text.length > 40 ? `${note.text.slice(0, 39)}…` : note.text}`
    const width = text.length * CHAR_WIDTH
    const flip = x + 8 + width > WIDTH - 8
    const start = flip ? x - 8 - width : x + 8
    placed.push({ x, text, flip, start, end: start + width, row: labelRow(placed, x, start, start + width) })
  }
  return placed
}

// Each marker: a dashed line from its label's row down to below the waveform, a dot, the label.
function markers(labels: readonly Label[], bottom: number): string {
  return labels
    .map(({ x, row, text, flip }) => {
      const y = LABEL_TOP + row * LABEL_STEP
      return [
        `<line class="marker" x1="${x}" y1="${y - 12}" x2="${x}" y2="${bottom}"/>`,
        `<circle class="marker-head" cx="${x}" cy="${y - 12}" r="3.5"/>`,
        `<text class="marker-label" x="${round(flip ? x - 8 : x + 8)}" y="${y}" text-anchor="${flip ? 'end' : 'start'}">${escapeXml(text)}</text>`,
      ].join('')
    })
    .join('\n  ')
}

const STYLE = `
    text { font-family: ${FONT}; }
    .title { font-size: 26px; font-weight: 650; fill: #f1f5f9; }
    .subtitle { font-size: 14px; fill: #94a3b8; }
    .axis text { font-size: 12px; fill: #64748b; }
    .tick { stroke: #475569; }
    .centre { stroke: #334155; stroke-width: 1; }
    .marker { stroke: #fbbf24; stroke-width: 1.5; stroke-dasharray: 4 3; }
    .marker-head { fill: #fbbf24; }
    .marker-label { font-size: 12.5px; font-weight: 600; fill: #fde68a; }`

/**
 * Draws a waveform as an SVG picture: a dark card with the title and a line of facts, the peaks as
 * one mirrored bar shape (`<path class="peaks">`), each note as a dashed vertical line
 * (`<line class="marker">`) at its time with its text, and a time axis.
 *
 * @example
 * ```ts
 * await writeFile('night-drive.svg', waveformSvg({ title: 'Night Drive', subtitle: 'ableton', waveform, notes }))
 * ```
 */
export function waveformSvg({ title, subtitle, waveform, notes, accent }: WaveformPicture): string {
  const dot =
    accent && /^#[0-9a-f]{6}$/i.test(accent)
      ? `<circle cx="40" cy="46" r="7" fill="${accent}" stroke="#f1f5f9" stroke-width="1.5"/>`
      : ''
  const titleX = dot ? 56 : 32
  const labels = placeLabels(notes, waveform.duration)
  const rows = Math.max(MIN_LABEL_ROWS, ...labels.map((label) => label.row + 1))
  const shift = (rows - MIN_LABEL_ROWS) * LABEL_STEP
  const height = HEIGHT + shift
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">
  <title>${escapeXml(title)}</title>
  <style>${STYLE}
  </style>
  <defs>
    <linearGradient id="peaks-fill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#818cf8"/>
      <stop offset="0.5" stop-color="#38bdf8"/>
      <stop offset="1" stop-color="#818cf8"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${height}" rx="14" fill="#0f172a"/>
  ${dot}<text class="title" x="${titleX}" y="54">${escapeXml(title)}</text>
  <text class="subtitle" x="32" y="82">${escapeXml(subtitle)}</text>
  <g transform="translate(0 ${shift})">
    <line class="centre" x1="${PLOT.left}" y1="${PLOT.center}" x2="${PLOT.left + PLOT.width}" y2="${PLOT.center}"/>
    <path class="peaks" fill="url(#peaks-fill)" d="${peaksPath(waveform.peaks)}"/>
    <g class="axis">${axis(waveform.duration)}</g>
  </g>
  ${markers(labels, PLOT.center + PLOT.halfHeight + 6 + shift)}
</svg>
`
}
