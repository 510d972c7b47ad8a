/** Package version. @example `version // '0.1.0'` */
export const version = '0.1.0'
