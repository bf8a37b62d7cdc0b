import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {SECURITY_EXAMPLES, type SecurityExampleId} from '@site/core/data/securityExamples';
import styles from './styles.module.css';

/** A worked example of a security value: inputs, the text that is hashed, the result. */
export default function SecurityExample({id}: {readonly id: SecurityExampleId}): ReactNode {
  const example = SECURITY_EXAMPLES[id];
  const joined = example.inputs.map((input) => input.value).join('');
  return (
    <figure className={styles.example}>
      <dl className={styles.inputs}>
        {example.inputs.map((input) => (
          <div key={input.name} className={styles.row}>
            <dt>
              <code>{input.name}</code>
            </dt>
            <dd>
              <code>{input.value}</code>
            </dd>
          </div>
        ))}
        <div className={styles.row}>
          <dt>
            <Translate id="securityExample.concatenated" description="Label of the concatenated text that is hashed in a worked example">
              Texto concatenado
            </Translate>
          </dt>
          <dd>
            <code>{joined}</code>
          </dd>
        </div>
        <div className={styles.row}>
          <dt>
            <code>{`${example.algorithm}(…)`}</code>
          </dt>
          <dd>
            <code className={styles.output}>{example.output}</code>
          </dd>
        </div>
      </dl>
    </figure>
  );
}
