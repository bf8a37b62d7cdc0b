/**
 * Wraps the API theme's request body editor: with the sandbox on
 * and credentials remembered in this browser, the body try-it sends carries
 * the reader's usuario, clave and terminal where the contract's example has
 * the demo merchant's (./credentialsInBody.ts), so "Enviar" authenticates as
 * the reader. The editor starts again when the credentials change (created,
 * rotated or forgotten in the panel above it). Part of the request panel's
 * chunk: the reference page does not load it until try-it opens.
 */
import React, {useMemo, type ComponentProps, type ReactNode} from 'react';
import Body from '@theme-original/ApiExplorer/Body';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useSandboxCredentials} from '@site/src/lib/sandboxCredentials';
import {exampleWithSandboxCredentials, withSandboxCredentials} from '../credentialsInBody';

type Props = ComponentProps<typeof Body>;
/** The two props this wrapper reads (the theme's Body is untyped here). */
interface ExampleProps {
  readonly requestBodyMetadata: unknown;
  readonly jsonRequestBodyExample: unknown;
}

export default function BodyWithCredentials(props: Props): ReactNode {
  const {sandbox} = usePortalConfig();
  const remembered = useSandboxCredentials();
  const credentials = sandbox ? remembered : null;
  const {requestBodyMetadata, jsonRequestBodyExample} = props as ExampleProps;
  const adapted = useMemo<ExampleProps>(
    () =>
      credentials === null
        ? {requestBodyMetadata, jsonRequestBodyExample}
        : {
            requestBodyMetadata: withSandboxCredentials(requestBodyMetadata, credentials),
            jsonRequestBodyExample: exampleWithSandboxCredentials(jsonRequestBodyExample, credentials),
          },
    [credentials, requestBodyMetadata, jsonRequestBodyExample],
  );
  const key = credentials === null ? 'demo' : `${credentials.usuario}:${credentials.clave}:${credentials.terminal}`;
  return <Body key={key} {...props} {...adapted} />;
}
