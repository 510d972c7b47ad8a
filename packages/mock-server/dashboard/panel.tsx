import type { ComponentChildren } from 'preact'

interface Props {
  /** Names the heading, and so the region (`getByRole('region', { name: title })`). */
  title: string
  /** Spans the page's width. */
  wide?: boolean
  children: ComponentChildren
}

/** One titled region of the page. */
export function Panel({ title, wide = false, children }: Props) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-title`
  return (
    <section class={wide ? 'panel wide' : 'panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
