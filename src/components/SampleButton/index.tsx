import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import type {SampleKey} from '@site/core/data/codeSamples';
import {useCodeSamples} from '@site/src/components/CodeSampleDialog/CodeSampleProvider';
import {sampleTitle} from '@site/src/components/CodeSampleDialog/sampleTitles';
import styles from './styles.module.css';

/** Opens a code sample in the global dialog; the link beside it opens the same sample from anywhere. */
export default function SampleButton({sample}: {readonly sample: SampleKey}): ReactNode {
  const samples = useCodeSamples();
  const title = sampleTitle(sample);
  return (
    <span className={styles.sample}>
      <button type="button" className="button button--outline button--primary button--sm" onClick={() => samples.open(sample)}>
        {translate({id: 'sampleButton.view', message: 'Ver código: {title}', description: 'Button that opens a code sample in the dialog'}, {title})}
      </button>
      <Link
        className={styles.link}
        to={samples.linkTo(sample)}
        aria-label={translate({id: 'sampleButton.link', message: 'Enlace a la muestra {title}', description: 'Accessible label of the permanent link to a code sample'}, {title})}
        title={translate({id: 'sampleButton.link', message: 'Enlace a la muestra {title}', description: 'Accessible label of the permanent link to a code sample'}, {title})}
      >
        {`?muestra=${sample}`}
      </Link>
    </span>
  );
}
