import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import labels from '@portal/labels/channelCards.json';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {isPlaceholderAddress} from '@site/core/config';
import styles from './styles.module.css';

interface Card {
  readonly title: string;
  readonly text: string;
  readonly href: string;
  readonly action: string;
}

function Cards({cards}: {readonly cards: readonly Card[]}): ReactNode {
  return (
    <div className={styles.cards}>
      {cards.map((card) => (
        <div key={card.href} className={styles.card}>
          <h3 className={styles.title}>{card.title}</h3>
          <p>{card.text}</p>
          {isPlaceholderAddress(card.href) ? (
            // An example address never opens: say so instead of drawing a button that leads nowhere.
            <p className={styles.unavailable}>
              <strong>{labels.unavailable.title}.</strong> {labels.unavailable.text} <code>{card.href}</code>
            </p>
          ) : (
            <Link className="button button--primary button--sm" href={card.href}>
              {card.action}
            </Link>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * Cards that open the merchant terminal in demo and in production (addresses
 * from config). Texts: core/data/labels/channelCards.json, in English in
 * i18n/en/portal-labels/channelCards.json (plugins/labels).
 */
export function TerminalCards(): ReactNode {
  const {terminals} = usePortalConfig();
  const open = labels.terminalCards.open;
  return (
    <Cards
      cards={[
        {
          title: labels.terminalCards.demo.title,
          text: labels.terminalCards.demo.text,
          href: terminals.demo,
          action: open,
        },
        {
          title: labels.terminalCards.production.title,
          text: labels.terminalCards.production.text,
          href: terminals.production,
          action: open,
        },
      ]}
    />
  );
}

export type PluginName = 'woocommerce' | 'prestashop';

/**
 * Cards that download the e-commerce plugins (addresses from config); `plugin`
 * shows only that plugin's card, as each plugin's tab does.
 */
export function PluginDownloadCards({plugin}: {readonly plugin?: PluginName}): ReactNode {
  const {pluginDownloads} = usePortalConfig();
  const download = labels.pluginCards.download;
  const cards: Record<PluginName, Card> = {
    woocommerce: {
      title: 'WooCommerce',
      text: labels.pluginCards.woocommerce.text,
      href: pluginDownloads.woocommerce,
      action: download,
    },
    prestashop: {
      title: 'PrestaShop',
      text: labels.pluginCards.prestashop.text,
      href: pluginDownloads.prestashop,
      action: download,
    },
  };
  return <Cards cards={plugin === undefined ? [cards.woocommerce, cards.prestashop] : [cards[plugin]]} />;
}
