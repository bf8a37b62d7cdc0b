import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * The GitHub light theme with its token colours darkened to at least 4.5:1
 * against its background (#f6f8fa), as WCAG 2.1 AA asks: axe flagged the
 * original comment/prolog (2.7:1), attribute-name (2.7:1) and number (2.6:1)
 * colours on the SOAP contract page's XML.
 */
const ACCESSIBLE: Readonly<Record<string, string>> = {
  '#999988': '#5e6570',
  '#e3116c': '#c20d5c',
  '#36acaa': '#207a78',
  '#00a4db': '#006d9c',
  '#d73a49': '#c62a3b',
};

export const accessibleGithub: PrismTheme = {
  ...themes.github,
  styles: themes.github.styles
    // The theme fades XML namespaces (opacity 0.7), which takes their text under 4.5:1.
    .filter((entry) => entry.style.opacity === undefined)
    .map((entry) => {
      const color = entry.style.color;
      return color !== undefined && ACCESSIBLE[color] !== undefined ? {...entry, style: {...entry.style, color: ACCESSIBLE[color]}} : entry;
    }),
};
