import type { Page } from 'playwright';

/** One piece of visible text whose colour is too close to what is behind it. */
export interface LowContrast {
  text: string;
  selector: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * Measures WCAG contrast for every visible text node on the page (and in its same-origin frames
 * the caller passes separately). The background is found by compositing the element's ancestors'
 * background colours, with opacity applied; text over an image or gradient is skipped, since no
 * single ratio describes it. Disabled controls are exempt, as in WCAG 1.4.3.
 */
export async function lowContrastText(page: Page, minimum = 4.5): Promise<LowContrast[]> {
  return page.evaluate((min) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    // The canvas resolves any CSS colour syntax (oklch, color-mix results, named) to sRGB bytes.
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], bottom: number[]): number[] => {
      const a = top[3]!;
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1);
    };
    const luminance = (c: number[]): number => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    /** Background layers from the element up to the root, or null when an image is involved. */
    const backgroundOf = (el: Element): number[] | null => {
      const layers: number[][] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const colour = rgba(style.backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] === 1) break;
      }
      let result = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const opacityOf = (el: Element): number => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && parts.length < 3; node = node.parentElement) {
        const cls =
          typeof node.className === 'string' && node.className
            ? `.${node.className.trim().split(/\s+/).join('.')}`
            : '';
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls}`);
      }
      return parts.join(' > ');
    };
    const failures: Array<{ text: string; selector: string; ratio: number; color: string; background: string }> = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!el || !text || seen.has(el)) continue;
      seen.add(el);
      if (el.closest('[disabled], [aria-disabled="true"], .sr-only, script, style, noscript, option')) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (
        rect.width === 0 ||
        rect.height === 0 ||
        style.visibility !== 'visible' ||
        !el.checkVisibility({ opacityProperty: false })
      )
        continue;
      const background = backgroundOf(el);
      if (!background) continue;
      const fg = rgba(style.color);
      const colour = over([fg[0], fg[1], fg[2], fg[3] * opacityOf(el)], background);
      const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      if (ratio < min)
        failures.push({
          text: text.slice(0, 40),
          selector: describe(el),
          ratio: Math.round(ratio * 100) / 100,
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
        });
    }
    return failures;
  }, minimum);
}
