/**
 * Encodes samples (one array per channel, values in [-1, 1]) as a WAV file: integer PCM of 16 or
 * 24 bits, or 32-bit float.
 *
 * @example
 * ```ts
 * const bytes = encodeWav([[0, 0.5, -1]], { sampleRate: 8000, bits: 16 })
 * ```
 */
export function encodeWav(
  channels: number[][],
  { sampleRate, bits, float = false }: { sampleRate: number; bits: 16 | 24 | 32; float?: boolean },
): Uint8Array {
  const frames = channels[0]?.length ?? 0
  const bytesPerSample = bits / 8
  const blockAlign = bytesPerSample * channels.length
  const dataSize = frames * blockAlign
  const view = new DataView(new ArrayBuffer(44 + dataSize))
  const ascii = (offset: number, text: string) => {
    for (const [i, c] of [...text].entries()) view.setUint8(offset + i, c.charCodeAt(0))
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + dataSize, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, float ? 3 : 1, true)
  view.setUint16(22, channels.length, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * blockAlign, true)
  view.setUint16(32, blockAlign, true)
  view.setUint16(34, bits, true)
  ascii(36, 'data')
  view.setUint32(40, dataSize, true)
  for (let frame = 0; frame < frames; frame++) {
    channels.forEach((samples, channel) => {
      const offset = 44 + frame * blockAlign + channel * bytesPerSample
      const value = samples[frame] ?? 0
      if (float) view.setFloat32(offset, value, true)
      else if (bits === 16) view.setInt16(offset, Math.round(value * 0x7fff), true)
      else {
        const int = Math.round(value * 0x7fffff)
        view.setUint8(offset, int & 0xff)
        view.setUint8(offset + 1, (int >> 8) & 0xff)
        view.setUint8(offset + 2, (int >> 16) & 0xff)
      }
    })
  }
  return new Uint8Array(view.buffer)
}
