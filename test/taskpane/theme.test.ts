import { luminance, paneTheme } from '../../src/taskpane/theme';

describe("the pane's theme follows Office, else the system", () => {
  it("takes Office's isDarkTheme, as a property or (older office.js) a method", () => {
    expect(paneTheme({ isDarkTheme: true }, false)).toBe('dark');
    expect(paneTheme({ isDarkTheme: false }, true)).toBe('light');
    expect(paneTheme({ isDarkTheme: () => true }, false)).toBe('dark');
  });

  it("without the flag, judges Office's body background", () => {
    expect(paneTheme({ bodyBackgroundColor: '#262626' }, false)).toBe('dark');
    expect(paneTheme({ bodyBackgroundColor: '#FFFFFF' }, true)).toBe('light');
  });

  it('where Office gives no theme, follows prefers-color-scheme', () => {
    expect(paneTheme(undefined, true)).toBe('dark');
    expect(paneTheme(undefined, false)).toBe('light');
    expect(paneTheme({ bodyBackgroundColor: 'not a colour' }, true)).toBe('dark');
  });

  it('measures luminance as WCAG does', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#777777')).toBeCloseTo(0.184, 3);
    expect(luminance('red')).toBeNull();
  });
});
