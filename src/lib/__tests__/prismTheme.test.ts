/**
 * @jest-environment node
 */
import {accessibleGithub} from '../prismTheme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('code colours of the light theme', () => {
  it('every token colour reaches 4.5:1 against the code background (WCAG 2.1 AA)', () => {
    const background = accessibleGithub.plain.backgroundColor!;
    const colors = [accessibleGithub.plain.color!, ...accessibleGithub.styles.flatMap((s) => (s.style.color ? [s.style.color] : []))];
    for (const color of colors) {
      expect({color, ok: contrast(color, background) >= 4.5}).toEqual({color, ok: true});
    }
  });

  it('fades no token (an opacity would lower the contrast measured above)', () => {
    expect(accessibleGithub.styles.filter((s) => s.style.opacity !== undefined)).toEqual([]);
  });
});
