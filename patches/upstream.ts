/**
 * The upstream files each patch was written against: patch (a folder of
 * patches/, or plugins/split-chunks) -> "package@exact version" -> path
 * inside the package -> sha256 of its content. patches/__tests__/upstream.test.ts (run
 * by npm test) fails, naming the patch, when an installed version or a file
 * differs: read the patch's row in patches/README.md, check its change
 * against the new upstream code, then update this list
 * (sha256sum node_modules/<package>/<file> gives a file's hash).
 */
export const PATCHES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  'openapi-theme': {
    'docusaurus-theme-openapi-docs@5.2.0': {
      'lib/index.js': '75f9b2eb770786f84eb82230e740f0804fb71657857397295e3050d28664c316',
      'lib/theme/ApiItem/index.js': 'fd059f169de5c073fa3e6b57a6574f105e51c3656c57ea53146a65807848f878',
      'lib/theme/ParamsDetails/index.js': 'be8427f1a1366eb471d04870a755e371354021cae9fee4f1e7f4b799f3f490a9',
      'lib/theme/RequestSchema/index.js': 'ce06b111abfc642545c3750df1e7621c0aa5793fd4408aa85b9784560617a8b2',
      'lib/theme/ResponseSchema/index.js': '6900a2d39665bb9cdbf159afe6e0bf46514e146378b3bebb3f6b17a573d2137b',
      'lib/theme/ApiExplorer/index.js': '70cd82a3ea6bf44472da19bcf0a188037b370a3e876d9cdc3c728f81718c8675',
      'lib/theme/ApiExplorer/storage-utils.js': '351849df9522d8f20d8228cd9092f4a3b95af55d476f38a345ddd5739cc72622',
      'lib/theme/ApiExplorer/CodeSnippets/index.js': 'faf02bf70d004b4e20797fece7ac5320c4cdc04879628a6af867f89eea664c60',
      // The tab groups keyed on useIsBrowser, and the hook that selects their linked or stored tab.
      'lib/theme/ApiTabs/index.js': 'fd5ffca5e1feefa8bb01bab4809b1c499880b886d05cd233308dc81c55c17bbb',
      'lib/theme/DiscriminatorTabs/index.js': 'be501450eebca0596b0464fbd6f5c48ba5dc9e5c3f7eeba563472d6f737137bd',
      'lib/theme/MimeTabs/index.js': '9c4e38e8e0c9f21dd59d7fe989d7301b2122a7aa3c52bedd2979fd8bb72d76b2',
      'lib/theme/OperationTabs/index.js': '991f5da7389cd31008ebe85ee37569506253778672e5e37c8803f748e8ca9254',
      'lib/theme/SchemaTabs/index.js': 'e06177b659b9bee4847de1488502c9a97cb9270876d4803e48f56de2b87ad8d5',
      'lib/theme/Tabs/index.js': '175d992a3a641c0af343c3a32d9d303853f56252f07fff0d35f43d44734e8459',
      'lib/theme/utils/tabsUtils.js': 'bfc05e7b42f2437c266aae5efd2ff7a072d63e8f0246bf86bdcfa889e7b349c3',
    },
    'docusaurus-plugin-openapi-docs@5.2.0': {
      'lib/openapi/createSchemaExample.js': 'dd7ef9ec2d751206806347ee082d721a573e38d080258d0a22693dc60d7ab8ae',
    },
    'postman-code-generators@2.1.1': {
      'lib/assets/languages.js': '5bc7c9e2b2e72721e6e264a45bff8f09bbbfb8c1829c6d3bce293b7f372b5b3c',
    },
    'postman-collection@5.3.1': {
      'lib/util.js': '4554f39d6ef41a6dcfb250c36420c6fe4b051aebfbf3dbf152028cc975412bfa',
    },
  },
  'prism-on-demand': {
    '@docusaurus/theme-classic@3.10.2': {
      'lib/index.js': '1e6ae89782bad9cb3fcd1818e4210a6eed60ee1cbf82f51696a6afcb9a91928c',
      'lib/prism-include-languages.js': 'a464a26897ccb5b2a509dcec3fd9b35e7038c1ee91f7f8863c7096e991af8774',
    },
  },
  'locale-compare': {
    '@docusaurus/plugin-content-docs@3.10.2': {
      'lib/client/docsClientUtils.js': '444c91b32c4a549ccf1710e995635887b6cd2433e6dce6a2bfbf17ecc2bf6ca3',
    },
    '@docusaurus/theme-common@3.10.2': {
      'lib/utils/reactUtils.js': 'a683742dac1a155bbd1c355601dedc1eeb7cc5edd7331cab26043c74233dca11',
    },
  },
  'after-hydration': {
    '@docusaurus/core@3.10.2': {
      'lib/client/browserContext.js': 'f0765ea0de6c682044acc2d1f6f7d474e9ac389591a8e97f877e437c09225b4c',
    },
    '@docusaurus/theme-common@3.10.2': {
      'lib/hooks/useWindowSize.js': 'a32a46c867130090a4d785590da6f9cc69789eb67a94a5386fc6416857b91872',
      'lib/contexts/colorMode.js': '4d7927eb96f63c124546d847e28261946cb2c7076d31d37f005b72908239b047',
      'lib/contexts/announcementBar.js': '8ffa6d2783f3e394f78c7c6a520f80cb83ae1d7282f0a824ba6ee1f66124ff98',
      'lib/contexts/navbarSecondaryMenu/content.js': 'f28c89217e58e73957c541622ea56af9dd73895ff10bca3d78c3c1ce0f47f5b7',
      'lib/contexts/navbarSecondaryMenu/display.js': '5d7a78397526499049ac4313622043702140c54bf16937078236fe7e0d34ae20',
    },
    '@docusaurus/plugin-content-docs@3.10.2': {
      'lib/client/docsPreferredVersion.js': 'eef363430b9a260d268c076c663448ba1c99e1e4fc4bc37b3ab3b9d44c608a45',
    },
  },
  'split-chunks': {
    '@docusaurus/core@3.10.2': {
      'lib/webpack/base.js': 'b3c441dfc9ae516bb37243d2a502d4acf3298c0c9acd62120e644a0c067513ea',
      // The client manifest it writes and the SSG template that reads it (keyChunksByRequest).
      'lib/webpack/client.js': 'b38143fa54a7b01ebdecd7ebbae2791ad5fc41897abfe5e6a23602fa02e6be9d',
      'lib/ssg/ssgTemplate.js': 'faea0446fa8ceeb559a56b96442636a3052daa2467d6ddc625ad020bc65ac645',
    },
    'react-loadable-ssr-addon-v5-slorber@1.0.3': {
      'lib/ReactLoadableSSRAddon.js': '3e3f7bf0ac88ab4720df0b70463d509e0c8cd7233e7accf6e79c7f5192b9f32e',
      'lib/getBundles.js': '9eb9995782ab27364f4d3da2df0c170942161cdab9c1fbadcba8ea5ab980e615',
    },
    // The chunk loader that chunkTasks.ts wraps (`__webpack_require__.e`, RuntimeGlobals.ensureChunk).
    '@rspack/core@1.7.12': {
      'dist/RuntimeGlobals.d.ts': 'fa18aa181a314e870ac669a86508c33190ee8331c5387928b58b9ca975f4fa85',
    },
  },
  'private-imports': {
    '@docusaurus/theme-common@3.10.2': {
      'lib/internal.js': 'd9e37193d3408d1409e3e7981d6be477ca522ad30e8883329e24689bbcb12123',
      'lib/utils/tabsUtils.js': '1b5d6b2c7d52905e7708ff9daad24462e857b70b27b9ff47ab338263bc2c4c7b',
      'lib/contexts/navbarMobileSidebar.js': '66a240ad64d9f9ad2a6fd300a3ce68dc06a501f2f463641c8677dc586df4eaa0',
      'lib/utils/scrollUtils.js': '7ec03a694796359211e07d255a79b946dfe22f85d0ef0019d41fde6d218c9941',
    },
    '@docusaurus/core@3.10.2': {
      'lib/client/exports/useIsomorphicLayoutEffect.js': 'a5d1d83e5bf31bcdbe0ab4839094cb4b48825bcf2b0dc39e8ba6c3786e46eb68',
      'lib/client/exports/ExecutionEnvironment.js': 'cd033585aa084d00b0aa2eb22f6a8ff95a3b9fee4a81c08f4b716d8661c0ea5c',
    },
    'docusaurus-theme-openapi-docs@5.2.0': {
      'lib/theme/Markdown/index.js': 'a23feb9237909de9332e14ac14fb214eb255973e6f9538e1ba0b1ea6d3d0f2eb',
      'lib/theme/styles.scss': 'c8b1f27c12e79d2021643a1d53b1d38fac5f559a37682e13278f6276a791ee64',
      // The request builder the portal wraps (src/theme/ApiExplorer/buildPostmanRequest.ts), and the
      // body try-it starts with, both used by tests/support/referenceSnippets.ts as the page uses them.
      'lib/theme/ApiExplorer/buildPostmanRequest.js': 'f2e1ed9e4ef35c718e19a993b7224fab7e532ce124356fd4db37f56c69dfb24e',
      'lib/theme/ApiExplorer/Body/resolveSchemaWithSelections.js': '0c24eb34e4bf5ae380f1fe01932d9b3d4986bfb0379e0617f776289632f02e60',
    },
    'docusaurus-plugin-openapi-docs@5.2.0': {
      'lib/openapi/createSchemaExample.js': 'dd7ef9ec2d751206806347ee082d721a573e38d080258d0a22693dc60d7ab8ae',
    },
  },
};
