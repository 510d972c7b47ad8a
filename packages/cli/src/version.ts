/** The package's version, as its package.json says. */
export const version = '0.1.0'
