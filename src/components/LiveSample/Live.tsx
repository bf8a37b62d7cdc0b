/// <reference types="@docusaurus/theme-live-codeblock" />
/**
 * The editable, running part of a live sample: Docusaurus' live-code
 * Playground (react-live), with node-forge as the sample's `require('node-forge')`.
 * Loaded by ./index.tsx only when the block is in view, so no page downloads
 * react-live or node-forge when it starts.
 */
import React, {type ReactNode} from 'react';
import Playground from '@theme/Playground';
import forge from 'node-forge';

const MODULES: Readonly<Record<string, unknown>> = {'node-forge': forge};

/** The only `require` a live block has: the packages its samples install with npm. */
function require(name: string): unknown {
  if (!(name in MODULES)) {
    throw new Error(`require('${name}'): only ${Object.keys(MODULES).join(', ')} is available on this page.`);
  }
  return MODULES[name];
}

const SCOPE = {React, require};

export default function Live({code}: {readonly code: string}): ReactNode {
  return (
    <Playground scope={SCOPE} metastring="live noInline" noInline language="jsx">
      {code}
    </Playground>
  );
}
