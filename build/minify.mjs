// Terser's options. Names are kept everywhere, so stack traces, profiles and error messages still read.
const KEEP_NAMES = { keep_classnames: true, keep_fnames: true, format: { comments: false } };

// The runtime, with `reduce_vars: false`: with it on, Terser pastes a function called from one place into its caller as
// a function expression (`return function contextOnlyInvoker(…){…}(…)`), and every closure that function returns then
// keeps the caller's whole scope alive: one per route for the invokers and responders the dispatcher builds, for the
// application's life (~140 bytes a route). It costs about 30 bytes of the gzipped import.
export const MINIFY = { ...KEEP_NAMES, compress: { reduce_vars: false } };

// The CLI runs once and exits, so what its closures keep does not matter; Terser's full compression keeps it ~20 KB smaller.
export const CLI_MINIFY = KEEP_NAMES;
