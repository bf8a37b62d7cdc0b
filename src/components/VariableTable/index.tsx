import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Wraps a Markdown table of variables and gives it the documentation's columns:
 * variable name 30%, data type 15%, description 55%. Writers keep the rows in
 * Markdown; a unit test reads them to check the sample forms.
 */
export default function VariableTable({children}: {readonly children: ReactNode}): ReactNode {
  return <div className={styles.variables}>{children}</div>;
}
