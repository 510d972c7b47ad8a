// swagger-ui-dist ships no types; this is the one module of it the server loads.
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The directory of the installed swagger-ui-dist, holding its built assets. */
  const getAbsoluteFSPath: () => string
  export default getAbsoluteFSPath
}
