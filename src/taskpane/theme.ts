/**
 * The pane follows Office's theme: dark when Office is dark (Office.context.officeTheme, which Excel has on
 * the web, Windows, Mac and iPad), else what the system asks for (prefers-color-scheme), so a pane opened
 * where Office gives no theme still matches the screen around it. taskpane.css holds both palettes; this
 * only sets `data-theme` on the root element.
 */

export type PaneTheme = 'dark' | 'light';

/** What the pane reads of Office.OfficeTheme; isDarkTheme is a property, a method in older office.js. */
export interface OfficeThemeLike {
  isDarkTheme?: boolean | (() => boolean);
  bodyBackgroundColor?: string;
}

/** Relative luminance (WCAG 2) of a #RRGGBB colour; null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark or light: Office's word first (its flag, else how dark its body background is), then the system's. */
export function paneTheme(office: OfficeThemeLike | undefined, systemPrefersDark: boolean): PaneTheme {
  if (office) {
    const flag = typeof office.isDarkTheme === 'function' ? office.isDarkTheme() : office.isDarkTheme;
    if (typeof flag === 'boolean') return flag ? 'dark' : 'light';
    const lum = office.bodyBackgroundColor === undefined ? null : luminance(office.bodyBackgroundColor);
    if (lum !== null) return lum < 0.2 ? 'dark' : 'light';
  }
  return systemPrefersDark ? 'dark' : 'light';
}

function officeTheme(): OfficeThemeLike | undefined {
  try {
    return (globalThis as { Office?: { context?: { officeTheme?: OfficeThemeLike } } }).Office?.context
      ?.officeTheme;
  } catch {
    return undefined;
  }
}

let listening = false;

/** Applies the theme now, and again whenever the system's preference changes. Called again once Office is ready. */
export function followTheme(): void {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  const apply = (): void => {
    document.documentElement.dataset.theme = paneTheme(officeTheme(), query?.matches ?? false);
  };
  apply();
  if (!listening) query?.addEventListener?.('change', apply);
  listening = true;
}
