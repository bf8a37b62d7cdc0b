import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import usePortalConfig from '@site/src/lib/usePortalConfig';
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
          <Link className="button button--primary button--sm" href={card.href}>
            {card.action}
          </Link>
        </div>
      ))}
    </div>
  );
}

/** Cards that open the merchant terminal in demo and in production (addresses from config). */
export function TerminalCards(): ReactNode {
  const {terminals} = usePortalConfig();
  const open = translate({id: 'terminalCards.open', message: 'Abrir terminal', description: 'Button of a terminal card'});
  return (
    <Cards
      cards={[
        {
          title: translate({id: 'terminalCards.demo.title', message: 'Terminal de pruebas (demo)', description: 'Title of the demo terminal card'}),
          text: translate({id: 'terminalCards.demo.text', message: 'Consulte las transacciones que hace con los medios de pago de prueba.', description: 'Text of the demo terminal card'}),
          href: terminals.demo,
          action: open,
        },
        {
          title: translate({id: 'terminalCards.production.title', message: 'Terminal de producción', description: 'Title of the production terminal card'}),
          text: translate({id: 'terminalCards.production.text', message: 'Consulte las transacciones reales de su comercio.', description: 'Text of the production terminal card'}),
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
  const download = translate({id: 'pluginCards.download', message: 'Descargar', description: 'Button of a plugin download card'});
  const cards: Record<PluginName, Card> = {
    woocommerce: {
      title: 'WooCommerce',
      text: translate({id: 'pluginCards.woocommerce.text', message: 'Plugin para tiendas WordPress con WooCommerce.', description: 'Text of the WooCommerce download card'}),
      href: pluginDownloads.woocommerce,
      action: download,
    },
    prestashop: {
      title: 'PrestaShop',
      text: translate({id: 'pluginCards.prestashop.text', message: 'Módulo para tiendas PrestaShop.', description: 'Text of the PrestaShop download card'}),
      href: pluginDownloads.prestashop,
      action: download,
    },
  };
  return <Cards cards={plugin === undefined ? [cards.woocommerce, cards.prestashop] : [cards[plugin]]} />;
}
