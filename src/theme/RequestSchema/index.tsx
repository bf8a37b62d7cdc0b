/**
 * Wraps the API theme's request body section. The generated pages pass its
 * heading as a literal title ("Body"); the theme translates the heading but
 * also uses the title, untranslated, as the tab's label, so Spanish pages
 * showed "Body". The wrapper hands the theme the translated title (same id
 * as the theme's heading), so both read "Cuerpo" in Spanish.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import RequestSchema from '@theme-original/RequestSchema';

type Props = ComponentProps<typeof RequestSchema>;

export default function RequestSchemaWrapper(props: Props): ReactNode {
  // The id is the theme's own (docusaurus-theme-openapi-docs RequestSchema), translated in i18n/es/code.json.
  const title = translate({id: 'theme.openapi.request.body.title', message: props.title});
  return <RequestSchema {...props} title={title} />;
}
