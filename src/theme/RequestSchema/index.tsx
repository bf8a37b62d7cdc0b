/**
 * Wraps the API theme's request body section. The generated pages pass its
 * heading as a literal title ("Body"); the theme translates the heading but
 * also uses the title, untranslated, as the tab's label, so Spanish pages
 * showed "Body". The wrapper hands the theme the translated title (same id
 * as the theme's heading), so both read "Cuerpo" in Spanish.
 */
import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import RequestSchema from '@theme-original/RequestSchema';

/** What the wrapper reads (the title); the rest of the generated page's props reach the theme as they came. */
type Props = {readonly title: string} & Readonly<Record<string, unknown>>;

export default function RequestSchemaWrapper(props: Props): ReactNode {
  // The id is the theme's own (docusaurus-theme-openapi-docs RequestSchema), translated in i18n/es/code.json.
  // eslint-disable-next-line @docusaurus/string-literal-i18n-messages -- the theme's own id, whose default message is the title the page gives (as in the theme).
  const title = translate({id: 'theme.openapi.request.body.title', message: props.title});
  return <RequestSchema {...props} title={title} />;
}
