// esbuild bundles the imported style sheet into dist/dashboard/dashboard.css.
declare module '*.css'
