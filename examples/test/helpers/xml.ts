/**
 * An element of {@link parseXml}'s tree.
 *
 * @example
 * ```ts
 * const root: XmlElement = parseXml('<svg/>')
 * ```
 */
export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

const ENTITY = /&(?:#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi
const TOKEN = /<!--[\s\S]*?-->|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)/y
const ATTRIBUTE = /([\w:.-]+)\s*=\s*"([^"<]*)"/g

const decode = (text: string) =>
  text.replace(ENTITY, (entity) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
    const body = entity.slice(1, -1)
    if (body.startsWith('#x')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16))
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)))
    return named[body] ?? entity
  })

function checkedText(text: string, where: number): string {
  if (text.replace(ENTITY, '').includes('&')) throw new SyntaxError(`bare & at ${where}`)
  return decode(text)
}

/**
 * A strict little XML parser for the tests: it accepts the well-formed subset an SVG writer
 * produces (a prolog, elements, double-quoted attributes, text, entities, comments) and throws on
 * anything else — a stray `<` or `&`, a tag that does not close, a second root.
 *
 * @example
 * ```ts
 * parseXml('<svg><path d="M0 0"/></svg>').children[0].name // 'path'
 * ```
 */
export function parseXml(source: string): XmlElement {
  const body = source.replace(/^<\?xml[^?]*\?>/, '')
  const document: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
  const stack = [document]
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < body.length) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(body)
    if (!match) throw new SyntaxError(`not well-formed at ${at}: ${body.slice(at, at + 20)}`)
    const [token, closing, opening, attributes = '', selfClosing, text] = match
    const parent = stack.at(-1) as XmlElement
    if (text !== undefined) {
      if (parent === document && text.trim()) throw new SyntaxError(`text outside the root at ${at}`)
      parent.text += checkedText(text, at)
    } else if (closing !== undefined) {
      if (parent.name !== closing) throw new SyntaxError(`</${closing}> closes <${parent.name}> at ${at}`)
      stack.pop()
    } else if (opening !== undefined) {
      if (parent === document && document.children.length > 0) throw new SyntaxError(`second root at ${at}`)
      const element: XmlElement = { name: opening, attributes: {}, children: [], text: '' }
      for (const [, name = '', value = ''] of attributes.matchAll(ATTRIBUTE)) {
        if (name in element.attributes) throw new SyntaxError(`duplicate attribute ${name} at ${at}`)
        element.attributes[name] = checkedText(value, at)
      }
      parent.children.push(element)
      if (!selfClosing) stack.push(element)
    } else if (!token.startsWith('<!--')) {
      throw new SyntaxError(`not well-formed at ${at}`)
    }
  }
  const [root] = document.children
  if (stack.length !== 1 || !root) throw new SyntaxError('unclosed element or no root')
  return root
}

/**
 * Every element of a tree, depth first.
 *
 * @example
 * ```ts
 * elements(parseXml(svg)).filter((element) => element.name === 'line')
 * ```
 */
export function elements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(elements)]
}
