/** What {@link decodeWavPeaks} reads from a WAV file: its format and its peaks per bucket (D13). */
export interface WavPeaks {
  sampleRate: number
  channels: number
  frames: number
  duration: number
  /** Peak absolute amplitude per bucket, in [0, 1]; at most the requested bucket count. */
  peaks: number[]
}

type SampleReader = (view: DataView, offset: number) => number

// Supported encodings by (format tag, bits): integer PCM 16/24/32 and IEEE float 32.
const readers: Record<string, SampleReader> = {
  '1:16': (view, offset) => view.getInt16(offset, true) / 0x8000,
  '1:24': (view, offset) =>
    (((view.getUint8(offset + 2) << 24) | (view.getUint8(offset + 1) << 16) | (view.getUint8(offset) << 8)) >> 8) /
    0x800000,
  '1:32': (view, offset) => view.getInt32(offset, true) / 0x80000000,
  '3:32': (view, offset) => view.getFloat32(offset, true),
}

const PCM = 1
const EXTENSIBLE = 0xfffe

interface Format {
  reader: SampleReader
  channels: number
  sampleRate: number
  blockAlign: number
  bytesPerSample: number
}

function text(view: DataView, offset: number): string {
  return String.fromCharCode(...Array.from({ length: 4 }, (_, index) => view.getUint8(offset + index)))
}

function readFormat(view: DataView, offset: number, size: number): Format | undefined {
  if (size < 16) return undefined
  let tag = view.getUint16(offset, true)
  // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  if (tag === EXTENSIBLE && size >= 26) tag = view.getUint16(offset + 24, true)
  const channels = view.getUint16(offset + 2, true)
  const sampleRate = view.getUint32(offset + 4, true)
  const blockAlign = view.getUint16(offset + 12, true)
  const bits = view.getUint16(offset + 14, true)
  const reader = readers[`${tag === EXTENSIBLE ? PCM : tag}:${bits}`]
  const bytesPerSample = bits / 8
  if (!reader || channels === 0 || sampleRate === 0 || blockAlign < channels * bytesPerSample) return undefined
  return { reader, channels, sampleRate, blockAlign, bytesPerSample }
}

interface Chunks {
  format?: Format
  dataOffset?: number
  dataSize?: number
}

function readChunks(view: DataView): Chunks {
  const chunks: Chunks = {}
  let offset = 12
  while (offset + 8 <= view.byteLength) {
    const id = text(view, offset)
    const size = view.getUint32(offset + 4, true)
    const body = offset + 8
    if (id === 'fmt ') chunks.format = readFormat(view, body, Math.min(size, view.byteLength - body))
    if (id === 'data') {
      chunks.dataOffset = body
      // Files written by a stream may leave the size unset or too large: read what is there.
      chunks.dataSize = Math.min(size, view.byteLength - body)
    }
    offset = body + size + (size % 2)
  }
  return chunks
}

function bucketPeaks(view: DataView, format: Format, dataOffset: number, frames: number, buckets: number) {
  const peaks: number[] = []
  for (let bucket = 0; bucket < buckets; bucket++) {
    const end = Math.floor(((bucket + 1) * frames) / buckets)
    let peak = 0
    for (let frame = Math.floor((bucket * frames) / buckets); frame < end; frame++) {
      const base = dataOffset + frame * format.blockAlign
      for (let channel = 0; channel < format.channels; channel++) {
        const sample = Math.abs(format.reader(view, base + channel * format.bytesPerSample))
        if (sample > peak) peak = sample
      }
    }
    peaks.push(Math.round(Math.min(peak, 1) * 10_000) / 10_000)
  }
  return peaks
}

/**
 * Reads a WAV file's bytes (16-, 24-, 32-bit PCM or 32-bit float) into peaks per bucket, in [0, 1]
 * (D13); browser-safe. Anything else, or a file without samples, gives `undefined`.
 */
export function decodeWavPeaks(bytes: Uint8Array, bucketCount = 256): WavPeaks | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.byteLength < 12 || text(view, 0) !== 'RIFF' || text(view, 8) !== 'WAVE') return undefined
  const { format, dataOffset, dataSize } = readChunks(view)
  if (!format || dataOffset === undefined || dataSize === undefined) return undefined
  const frames = Math.floor(dataSize / format.blockAlign)
  if (frames === 0) return undefined
  const buckets = Math.max(1, Math.min(Math.floor(bucketCount), frames))
  const { sampleRate, channels } = format
  const peaks = bucketPeaks(view, format, dataOffset, frames, buckets)
  return { sampleRate, channels, frames, duration: frames / sampleRate, peaks }
}
