export const isUnder = (path: string, prefix: string): boolean =>
  path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/')
