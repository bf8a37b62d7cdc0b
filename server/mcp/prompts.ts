/**
 * One prompt per integration channel: it walks an assistant through the
 * integration with the portal's own tools, from the pages to read to the
 * check in the sandbox. Its words, Spanish and English, are the topic
 * `mcpPrompts` (core/data/labels/mcpPrompts.json, English in
 * i18n/en/portal-labels; ../texts.ts): a prompt's title and its steps
 * (`<name>.steps.1`, `2`...), and the frame every prompt shares.
 */
import {textsOf} from '../texts';
import type {Locale} from './pages';

/** The prompts' names, which are also their ids in the topic. */
export type PromptName =
  'integrate_post_form' | 'integrate_rest' | 'integrate_card_rest' | 'integrate_reconciliation' | 'integrate_soap' | 'integrate_wallet_notification' | 'install_ecommerce_plugin';

export interface ChannelPrompt {
  readonly name: PromptName;
  /** The pages to read first, in order (paths of the current version, without /en). */
  readonly pages: readonly string[];
  /** The contract channel, when the channel has operations (list_operations). */
  readonly channel?: string;
}

export const CHANNEL_PROMPTS: readonly ChannelPrompt[] = [
  {name: 'integrate_post_form', pages: ['/vpost/informacion', '/vpost/integracion', '/vpost/terminal']},
  {name: 'integrate_rest', pages: ['/rest', '/guias/flujos', '/guias/valores'], channel: 'rest'},
  {name: 'integrate_card_rest', pages: ['/tcrest', '/guias/flujos/tarjeta', '/guias/cifrado'], channel: 'tcrest'},
  {name: 'integrate_reconciliation', pages: ['/apirest', '/apirest/transacciones-referencia'], channel: 'apirest'},
  {name: 'integrate_soap', pages: ['/soap', '/soap/contrato', '/soap/confirmacion-transaccion']},
  {name: 'integrate_wallet_notification', pages: ['/notificacion-billetera', '/guias/billeteras']},
  {name: 'install_ecommerce_plugin', pages: ['/plugins']},
];

/** The prompt's title in `locale`. */
export const promptTitle = (prompt: ChannelPrompt, locale: Locale): string => textsOf('mcpPrompts', locale).text(`${prompt.name}.title`);

/** The prompt's text, with the pages' URLs on `origin` and what the sandbox tools can do here. */
export function promptText(prompt: ChannelPrompt, locale: Locale, origin: string, sandbox: boolean): string {
  const t = textsOf('mcpPrompts', locale);
  const prefix = locale === 'en' ? '/en' : '';
  const read = prompt.pages.map((page) => `- ${origin}${prefix}${page}.md`).join('\n');
  const steps = t
    .under(`${prompt.name}.steps`)
    .map((id, i) => `${i + 1}. ${t.text(id)}`)
    .join('\n');
  return [
    t.text('frame.intro', {title: promptTitle(prompt, locale)}),
    `${t.text('frame.readFirst')}\n${read}`,
    `${t.text('frame.then')}\n${steps}`,
    t.text(sandbox ? 'frame.sandboxOn' : 'frame.sandboxOff'),
  ].join('\n\n');
}
