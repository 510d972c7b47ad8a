import type { WaveformNote } from '@session-library/schemas/client'

const WIDTH = 800
const HEIGHT = 120

/** At most one column per unit of width: the loudest peak of each slice. */
function columns(peaks: number[]): number[] {
  if (peaks.length <= WIDTH) return peaks
  const slice = peaks.length / WIDTH
  return Array.from({ length: WIDTH }, (_, index) =>
    Math.max(...peaks.slice(Math.floor(index * slice), Math.floor((index + 1) * slice))),
  )
}

interface Props {
  peaks: number[]
  /** Seconds. */
  duration: number
  notes: WaveformNote[]
}

/** A waveform as mirrored bars, with its waveform notes as markers at their timestamps. */
export function WaveformView({ peaks, duration, notes }: Props) {
  const drawn = columns(peaks)
  const step = WIDTH / Math.max(drawn.length, 1)
  const middle = HEIGHT / 2
  const path = drawn
    .map((peak, index) => {
      const half = Math.max(peak * (middle - 4), 0.5)
      return `M${(index * step + step / 2).toFixed(1)} ${(middle - half).toFixed(1)}V${(middle + half).toFixed(1)}`
    })
    .join('')
  return (
    <figure class="waveform">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Waveform, ${duration.toFixed(1)} s, ${notes.length} notes`}
      >
        <path class="peaks" d={path} stroke-width={Math.max(step * 0.7, 0.5)} />
        {notes.map((note) => {
          const x = duration > 0 ? (note.timestamp / duration) * WIDTH : 0
          return (
            <g key={note.id} class="marker">
              <title>
                {note.timestamp.toFixed(2)} s: {note.text}
              </title>
              <line x1={x} x2={x} y1={0} y2={HEIGHT} />
            </g>
          )
        })}
      </svg>
      <figcaption>
        {duration.toFixed(2)} s · {peaks.length} peaks
        {notes.length > 0 && (
          <ol class="notes">
            {notes.map((note) => (
              <li key={note.id}>
                <strong>{note.timestamp.toFixed(2)} s</strong> {note.text}
              </li>
            ))}
          </ol>
        )}
      </figcaption>
    </figure>
  )
}
