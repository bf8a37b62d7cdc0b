/**
 * @jest-environment node
 */
// The docs instances' version options (core/docsVersions.ts, core/node/docsVersions.ts): every cut version
// is built, unless a writer asks for a preview of the current one only
// (CURRENT_VERSION_ONLY=true, contributing/writers.md).
import {join} from 'node:path';
import {currentVersionOnly, versionOptions, versionsOf} from '../../core/node/docsVersions';

const ROOT = join(__dirname, '..', '..');

describe('versionOptions', () => {
  test.each(['default', 'rest', 'apirest', 'tcrest'])('%s: the current version and every cut one, all built', (id) => {
    const options = versionOptions(id, ROOT, {});
    expect(versionsOf(id, ROOT).length).toBeGreaterThan(0);
    expect(options.lastVersion).toBe('current');
    expect(Object.keys(options.versions ?? {})).toEqual(['current', ...versionsOf(id, ROOT)]);
    expect(options.onlyIncludeVersions).toBeUndefined();
  });

  test('CURRENT_VERSION_ONLY=true builds the current version only, with the same labels', () => {
    const options = versionOptions('default', ROOT, {CURRENT_VERSION_ONLY: 'true'});
    expect(options.onlyIncludeVersions).toEqual(['current']);
    expect(options.versions).toEqual(versionOptions('default', ROOT, {}).versions);
  });

  test('only "true" turns the preview on', () => {
    expect(currentVersionOnly({CURRENT_VERSION_ONLY: 'true'})).toBe(true);
    for (const value of [undefined, '', 'false', '1', 'TRUE']) expect(currentVersionOnly({CURRENT_VERSION_ONLY: value})).toBe(false);
  });
});
