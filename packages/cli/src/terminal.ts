import { once } from 'node:events'

/**
 * Whether to colour what goes to a stream: only a terminal, and never with `NO_COLOR` set
 * (https://no-color.org: present and not empty).
 *
 * @example `const colour = colourFor(process.stdout)`
 */
export function colourFor(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && !process.env.NO_COLOR
}

/**
 * ANSI styles that are the identity when colour is off.
 *
 * @example `styles(true).bold('id')`
 */
export function styles(colour: boolean) {
  const wrap = (open: number, close: number) => (text: string) =>
    colour ? `\u001b[${open}m${text}\u001b[${close}m` : text
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39) }
}

/**
 * Writes to a stream and waits while its buffer is full, so that a long stream holds memory flat.
 *
 * @example `await write(process.stdout, 'line\n')`
 */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain')
}

/**
 * Reads the whole of stdin as text (a body or notes given as `-`).
 *
 * @example `const body = await readStdin()`
 */
export async function readStdin(): Promise<string> {
  process.stdin.setEncoding('utf8')
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text
}
