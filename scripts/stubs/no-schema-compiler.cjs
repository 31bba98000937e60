// Stands in for @fastify/ajv-compiler and @fastify/fast-json-stringify-compiler in the bundles
// (scripts/build-options.mjs). Fastify requires them only for an instance created without a
// compilersFactory, and src-main/http/create-server.ts always passes its own, so their code
// (ajv, fast-json-stringify, ~550 KiB) was bundled only to be parsed at every start. An
// instance without that factory fails here at once instead of validating with ajv.
'use strict';

function noSchemaCompiler() {
  throw new Error(
    'Fastify schema compilers are not bundled: pass schemaController.compilersFactory (create-server.ts).',
  );
}

module.exports = noSchemaCompiler;
module.exports.default = noSchemaCompiler;
