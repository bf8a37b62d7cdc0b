// Stands in for theme-classic's prism-include-languages client module: nothing
// to do at start-up. See ./index.ts and src/lib/prism.ts.
export {};
