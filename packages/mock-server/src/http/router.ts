/** Whether a path is `prefix` or under it. */
export const isUnder = (path: string, prefix: string): boolean =>
  path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/')
