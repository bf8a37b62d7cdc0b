/** Jest stand-in for @docusaurus/Link: internal links go through react-router, others are anchors. */
import React, {type ReactNode} from 'react';
import {Link as RouterLink} from 'react-router-dom';

export default function Link({to, href, children, ...rest}: {to?: string; href?: string; children?: ReactNode; [key: string]: unknown}): ReactNode {
  const target = to ?? href ?? '#';
  if (/^[a-z]+:/i.test(target)) {
    return (
      <a href={target} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <RouterLink to={target} {...rest}>
      {children}
    </RouterLink>
  );
}
