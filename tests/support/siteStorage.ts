/** Jest stand-in for @generated/site-storage: what Docusaurus generates from `storage` in docusaurus.config.ts. */
const siteStorage = {type: 'localStorage', namespace: '-test'} as const;
export default siteStorage;
