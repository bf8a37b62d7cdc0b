/**
 * Jest setup of the server tests (jest.config.mjs): the test context without
 * the `navigator` global that Node has had since version 21. node-forge picks
 * its big-number arithmetic by that global; with it, it takes the variant
 * meant for old browsers, which Jest's module context runs about ten times
 * slower on Node 24 (the sandbox's card decryption: server/sandbox/gateway/card.ts;
 * sandboxContracts.test.ts took 362 s instead of 17 s). The server never runs
 * in a browser, so its tests see Node as node-forge knows it.
 */
Reflect.deleteProperty(globalThis, 'navigator');
