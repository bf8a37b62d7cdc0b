import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SandboxFailure} from '@site/src/lib/sandboxApi';
import {failureMessage} from '@site/src/components/SandboxCredentials/failureMessage';
import styles from './styles.module.css';

/** An instant as the reader's language writes it, with the exact value for machines. */
export function Moment({value}: {readonly value: string}): ReactNode {
  const {i18n} = useDocusaurusContext();
  const date = new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return <>{value}</>;
  const shown = new Intl.DateTimeFormat(i18n.currentLocale === 'en' ? 'en-US' : 'es-CO', {dateStyle: 'short', timeStyle: 'medium'}).format(date);
  return <time dateTime={date.toISOString()}>{shown}</time>;
}

/** Variables and their values, as a two-column table. */
export function FieldTable({fields}: {readonly fields: Readonly<Record<string, string>>}): ReactNode {
  const entries = Object.entries(fields);
  return (
    <table className={styles.fields}>
      <thead>
        <tr>
          <th scope="col">{translate({id: 'sandboxPages.variable', message: 'Variable', description: 'Sandbox pages: column of variable names'})}</th>
          <th scope="col">{translate({id: 'sandboxPages.value', message: 'Valor', description: 'Sandbox pages: column of values'})}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
            </th>
            <td>
              <code className={styles.wrap}>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why the list could not be read; for unknown credentials, where to make new ones. */
export function ReadFailure({failure}: {readonly failure: SandboxFailure}): ReactNode {
  return (
    <div className="alert alert--danger" role="alert">
      {failureMessage(failure)}
      {failure.kind === 'unauthorized' && (
        <>
          {' '}
          <Link to="/sandbox">
            {translate({id: 'sandboxPages.manage', message: 'Administrar credenciales', description: 'Sandbox pages: link to the sandbox page, where the credentials are managed'})}
          </Link>
        </>
      )}
    </div>
  );
}
