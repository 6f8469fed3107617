import {
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type DefaultMantineColor,
  type MantineColorsTuple,
} from '@mantine/core';
import { UiDefaults } from '../lib/ui-defaults';

/**
 * The spec's theme colors (§9), defined once and used by name everywhere: `color="error"`.
 * Each maps onto a Mantine palette so every shade exists in light and dark schemes.
 */
export type ThemeColor = 'primary' | 'info' | 'success' | 'error' | 'warning' | 'secondary';

const themeColors: Record<ThemeColor, MantineColorsTuple> = {
  primary: DEFAULT_THEME.colors.blue,
  info: DEFAULT_THEME.colors.cyan,
  success: DEFAULT_THEME.colors.green,
  error: DEFAULT_THEME.colors.red,
  warning: DEFAULT_THEME.colors.orange,
  secondary: DEFAULT_THEME.colors.gray,
};

const toEm = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  colors: themeColors,
  primaryColor: 'primary',
  // Shade 6 under white text is below WCAG AA contrast; 8 passes in both schemes.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get dialogs and menus without transitions.
  respectReducedMotion: true,
  // Spec breakpoints: below 769 px is mobile (the navbar collapses), then tablet, desktop, widescreen.
  breakpoints: {
    xs: toEm(576),
    sm: toEm(UiDefaults.breakpoints.mobile),
    md: toEm(UiDefaults.breakpoints.tablet),
    lg: toEm(UiDefaults.breakpoints.desktop),
    xl: toEm(UiDefaults.breakpoints.widescreen),
  },
  headings: { fontWeight: '650' },
  components: {
    // A modal's title bar is a <header>: beside the shell's header it makes a second banner landmark
    // (axe: landmark-no-duplicate-banner). A plain div keeps one banner per page.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A light alert's coloured title on its pale background of the same hue is about 3:1 (axe color-contrast):
    // titles take the body text colour; the background and icon still say success, warning or error.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    // A status badge cut to "AVAI…" or "C…" says nothing: badges keep their words and let the text beside them wrap.
    Badge: { styles: { root: { flexShrink: 0, minWidth: 'fit-content' }, label: { overflow: 'visible' } } },
  },
});

/**
 * Mantine's dimmed text (gray 6, 3.3:1 on white) and field error text (red 6 / red 8, about 3:1) miss
 * WCAG AA; these shades keep both readable in either scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-error-9)',
    // Light badges and alerts write in shade 9 on a pale tint of it: green 9 and orange 9 give about 4:1 there,
    // below AA for their small text. These darker greens and oranges give about 6:1 and keep their hue.
    '--mantine-color-success-light-color': '#1e6b30',
    '--mantine-color-warning-light-color': '#a33a0b',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-error-4)',
  },
});

/** The chosen scheme survives reloads; "auto" follows prefers-color-scheme until the user picks one. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'keydeck-color-scheme' });

declare module '@mantine/core' {
  export interface MantineThemeColorsOverride {
    colors: Record<ThemeColor | DefaultMantineColor, MantineColorsTuple>;
  }
}
