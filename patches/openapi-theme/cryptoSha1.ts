import SHA1 from 'crypto-js/sha1';

/**
 * What the API theme uses of crypto-js: SHA1, to name the stored credentials
 * of the request panel (ApiExplorer/storage-utils). The theme imports the
 * whole library, whose modules (AES, DES, RC4, SHA-3, the modes and
 * paddings...) are then all downloaded and run as a reference page starts
 * (patches/README.md has the bytes saved). patches/openapi-theme points the theme's
 * `crypto-js` at this module, which loads the hash it needs and nothing else.
 */
const cryptoJs = {SHA1};

export default cryptoJs;
