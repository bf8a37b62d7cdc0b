import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/**
 * The component catalog (src/pages/escritores/componentes.mdx): one example
 * drawn as a page draws it, framed under the code that writes it. The code
 * block above and the children here are the same text (tests/writers checks it).
 */
export default function Result({children}: {readonly children: ReactNode}): ReactNode {
  return (
    <div className={styles.result}>
      <p className={styles.label}>
        {translate({id: 'catalog.result', message: 'Así se ve en la página', description: 'Label above a rendered example in the component catalog for writers'})}
      </p>
      {children}
    </div>
  );
}
