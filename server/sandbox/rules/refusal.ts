/**
 * A refusal of the sandbox's pages as data: its status and its problems, each
 * a list of sentences of the pages' topic (../words.ts), said in the reader's
 * language only when a page is drawn (../routes/forms.ts). The rules throw it;
 * they know nothing of HTTP or HTML.
 */
import type {Locale} from '../../../core/locale';
import type {PageMessage} from '../words';

/** One problem of a refusal: sentences of the pages' topic (../words.ts), said one after the other. */
export type RefusalItem = readonly PageMessage[];

/** A refusal of the sandbox's pages: its status, and its problems, said in the page's language when it is sent. */
export class PageRefusal extends Error {
  override name = 'PageRefusal';
  constructor(
    readonly status: number,
    readonly items: readonly RefusalItem[],
    /** The page's language, when the refusal knows it (the form's lenguaje). */
    readonly lang?: Locale,
    /**
     * The same problems for the merchant's own request log, when they say more than the page may
     * (a value computed with its private key): only its owner reads them there.
     */
    readonly ownerItems?: readonly RefusalItem[],
  ) {
    super(items.map((item) => item.map((message) => message.id).join(' ')).join('; '));
  }

  /** The same refusal in another language. */
  in(lang: Locale): PageRefusal {
    return new PageRefusal(this.status, this.items, lang, this.ownerItems);
  }
}
