// Stands in for zod's locales index in the main bundles (scripts/build-options.mjs): zod
// re-exports its 60-odd locales as `z.locales`, which Ephemera never uses (messages are its own,
// and zod registers English itself from locales/en.js), and a bundle would parse and run every
// one of them at each start. Only `en` is kept under that name.
export { default as en } from 'zod/v4/locales/en.js';
